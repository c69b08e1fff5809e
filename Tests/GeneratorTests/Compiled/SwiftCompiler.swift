import Foundation
import Testing

/// Type-checks generated files with `swiftc` against the `MobileSdk` module built beside the test bundle.
enum SwiftCompiler {
    /// The folder holding the built modules.
    static let modules: URL? = {
        var folder = URL(fileURLWithPath: CommandLine.arguments.first ?? "").deletingLastPathComponent()
        for _ in 0..<3 {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Modules/MobileSdk.swiftmodule").path) {
                return folder.appendingPathComponent("Modules")
            }
            folder.deleteLastPathComponent()
        }
        return nil
    }()

    /// The compiler's output for `files` (name → contents) type-checked as one module in the Swift 6 language mode with
    /// warnings as errors; nil when they compile cleanly.
    static func typeCheck(_ files: [(name: String, contents: String)]) throws -> String? {
        let modules = try #require(modules, "the built MobileSdk module was not found beside \(CommandLine.arguments.first ?? "")")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("typecheck-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var paths: [String] = []
        for file in files {
            let url = folder.appendingPathComponent(file.name)
            try Data(file.contents.utf8).write(to: url)
            paths.append(url.path)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc", "-typecheck", "-swift-version", "6", "-warnings-as-errors", "-parse-as-library",
                             "-module-name", "Checked", "-I", modules.path] + paths
        let pipe = Pipe()
        process.standardError = pipe
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return process.terminationStatus == 0 ? nil : output
    }
}
