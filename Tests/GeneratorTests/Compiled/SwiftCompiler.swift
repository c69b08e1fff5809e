import Foundation
import TestSupport
import Testing

/// Type-checks generated files with `swiftc` against the `MobileSdk` module built beside the test bundle.
enum SwiftCompiler {
    /// The folder holding the built modules.
    static let modules = BuiltProducts.modules(holding: "MobileSdk")

    /// The compiler's output for `files` (name → contents) type-checked as one module in the Swift 6 language mode with
    /// warnings as errors; nil when they compile cleanly.
    static func typeCheck(_ files: [(name: String, contents: String)]) throws -> String? {
        let modules = try #require(modules, "the built MobileSdk module was not found beside the test bundle")
        return try SwiftTypeCheck.run(files, modules: modules, arguments: ["-warnings-as-errors", "-parse-as-library"])
    }
}
