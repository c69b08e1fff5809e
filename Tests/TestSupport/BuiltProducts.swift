import Foundation

/// The build's products beside the running test bundle: its modules and executables.
public enum BuiltProducts {
    /// The folder holding `relativePath`, searched from the test bundle's folder upwards.
    public static func folder(holding relativePath: String) -> URL? {
        var folder = URL(fileURLWithPath: CommandLine.arguments.first ?? "").deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent(relativePath)
            if FileManager.default.fileExists(atPath: candidate.path) { return folder }
            folder.deleteLastPathComponent()
        }
        return nil
    }

    /// The `Modules` folder holding the built module `name`.
    public static func modules(holding name: String) -> URL? {
        folder(holding: "Modules/\(name).swiftmodule")?.appendingPathComponent("Modules")
    }

    /// A built executable, `mobilesdkgen` for instance.
    public static func executable(_ name: String) -> URL? {
        guard let file = folder(holding: name)?.appendingPathComponent(name),
            FileManager.default.isExecutableFile(atPath: file.path)
        else { return nil }
        return file
    }

    /// A product the tests need was not found beside them.
    public struct Missing: Error, CustomStringConvertible {
        /// What was not found, `the built MobileSdk module` for instance.
        public let what: String

        /// Creates the error naming what was not found.
        public init(what: String) { self.what = what }

        /// `<what> was not found beside the test bundle`.
        public var description: String { "\(what) was not found beside the test bundle" }
    }
}
