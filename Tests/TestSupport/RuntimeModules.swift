import Foundation

/// The built `MobileSdk` module beside the test bundle, and `swiftc` type-checking against it.
public enum RuntimeModules {
    /// The `Modules` folder holding the built `MobileSdk.swiftmodule`; nil when it is not beside the test bundle.
    public static let folder = BuiltProducts.modules(holding: "MobileSdk")

    /// The compiler arguments that find the SQLite module GRDB (under `MobileSdkOffline`) imports: its module map in
    /// the package's checkouts, which SwiftPM hands the compiler itself.
    public static var sqliteModuleArguments: [String] {
        var folder = folder
        for _ in 0..<4 {
            guard let current = folder else { return [] }
            let map = current.appendingPathComponent("checkouts/GRDB.swift/Sources/GRDBSQLite/module.modulemap")
            if FileManager.default.fileExists(atPath: map.path) { return ["-Xcc", "-fmodule-map-file=" + map.path] }
            folder = current.deletingLastPathComponent()
        }
        return []
    }

    /// The targets whose objects a program using the runtime links: `MobileSdk` and the package targets it calls.
    public static let runtimeTargets = ["MobileSdk", "JSONSyntax"]

    /// The object files of the built runtime targets, to link a program with; nil where the build lays them out
    /// otherwise.
    public static var objectFiles: [String]? { try? objectFiles(of: runtimeTargets) }

    /// The object files of built targets: SwiftPM's `<Target>.build` beside `Modules`, one object per file its
    /// `sources` list names.
    public static func objectFiles(of targets: [String]) throws -> [String] {
        guard let build = folder?.deletingLastPathComponent() else {
            throw BuiltProducts.Missing(what: "the built MobileSdk module")
        }
        return try targets.flatMap { target in
            let targetFolder = build.appendingPathComponent("\(target).build")
            let sources = try String(contentsOf: targetFolder.appendingPathComponent("sources"), encoding: .utf8)
            return sources.split(separator: "\n")
                .map { line in
                    let name = URL(fileURLWithPath: line.trimmingCharacters(in: .init(charactersIn: "'\" ")))
                        .lastPathComponent
                    return targetFolder.appendingPathComponent(name + ".o").path
                }
        }
    }

    /// The compiler's output for `files` (name → contents) type-checked as one module in the Swift 6 language mode
    /// with warnings as errors; nil when they compile cleanly.
    public static func typeCheck(files: [(name: String, contents: String)]) throws -> String? {
        guard let modules = folder else { throw BuiltProducts.Missing(what: "the built MobileSdk module") }
        return try SwiftTypeCheck.run(files, modules: modules, arguments: ["-warnings-as-errors", "-parse-as-library"])
    }

    /// The same for the files at `paths`.
    public static func typeCheck(_ paths: [String]) throws -> String? {
        try typeCheck(
            files: paths.map { path in
                let contents = try String(contentsOfFile: path, encoding: .utf8)
                return (name: URL(fileURLWithPath: path).lastPathComponent, contents: contents)
            }
        )
    }
}
