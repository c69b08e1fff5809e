import Foundation

/// `DIR/.mobilesdkgen-fetch.json`: per fetched file, the URL it came from (without query) and the validators the
/// server sent with it, to revalidate next time. It holds no token, password, header or query value.
struct FetchCache: Codable, Equatable {
    static let fileName = ".mobilesdkgen-fetch.json"

    struct Entry: Codable, Equatable {
        var url: String
        var etag: String?
        var lastModified: String?
    }

    var version = 1
    /// By file name (`NAME.xml`).
    var entries: [String: Entry] = [:]

    /// The folder's cache; empty when there is none or it cannot be read (it is only a cache).
    static func read(in folder: URL) -> FetchCache {
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(fileName).path),
              let cache = try? JSONDecoder().decode(FetchCache.self, from: data), cache.version == 1 else { return FetchCache() }
        return cache
    }

    func write(in folder: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try AtomicFile.write(try encoder.encode(self) + Data("\n".utf8), to: folder.appendingPathComponent(Self.fileName))
    }
}
