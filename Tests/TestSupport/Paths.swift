import Foundation

/// Locations of the repository's sample metadata and of the shared corpus beside the repository.
public enum Paths {
    /// The repository root, found from this file's path.
    public static let root = TestServers.repositoryRoot

    /// The path of `SampleMetadata/<name>` in the repository.
    public static func sample(_ name: String) -> String {
        root.appendingPathComponent("SampleMetadata").appendingPathComponent(name).path
    }

    /// `../shared/corpus`: real third-party documents, present on the team's machines and in CI
    /// but not on a user's clone, where the corpus tests are skipped.
    public static let corpus: URL = root.deletingLastPathComponent().appendingPathComponent("shared/corpus")

    /// Whether `../shared/corpus` exists; the corpus tests are skipped without it.
    public static var corpusIsAvailable: Bool { FileManager.default.fileExists(atPath: corpus.path) }

    /// The corpus documents, sorted by name.
    public static func corpusDocuments() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []
        return names.filter { $0.hasSuffix(".xml") }.sorted().map { corpus.appendingPathComponent($0).path }
    }

    /// A new empty directory for a test's files.
    public static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "mobilesdkgen-tests-\(UUID().uuidString)"
        )
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Writes `text` to a file named `name` in a new temporary directory and returns its path.
    public static func write(_ text: String, named name: String = "document.xml", in directory: URL? = nil) throws
        -> String
    {
        let directory = try directory ?? temporaryDirectory()
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }
}
