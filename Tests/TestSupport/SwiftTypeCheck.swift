import Foundation

/// Type-checks Swift files with `swiftc` against built modules, in the Swift 6 language mode.
public enum SwiftTypeCheck {
    /// The compiler's output for `files` (name → contents), type-checked as one module with `modules` in the search
    /// path and `arguments` added (`-warnings-as-errors`, say); nil when they compile.
    public static func run(
        _ files: [(name: String, contents: String)],
        modules: URL,
        moduleName: String = "Checked",
        arguments: [String] = []
    ) throws -> String? {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("typecheck-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var paths: [String] = []
        for file in files {
            let url = folder.appendingPathComponent(file.name)
            try Data(file.contents.utf8).write(to: url)
            paths.append(url.path)
        }
        let result = try SystemCommand.run(
            ["swiftc", "-typecheck", "-swift-version", "6", "-module-name", moduleName, "-I", modules.path] + arguments
                + paths
        )
        return result.status == 0 ? nil : result.output
    }
}
