import Foundation

/// `DIR/.mobilesdkgen-fetch.json`: per fetched file, the URL it came from (without query) and the validators the
/// server sent with it, to revalidate next time. It holds no token, password, header or query value.
struct FetchCache: Codable, Equatable {
    static let fileName = ".mobilesdkgen-fetch.json"

    struct Entry: Codable, Equatable {
        var url: String
        var etag: String?
        var lastModified: String?
        /// For a file put together from several responses (Dataverse entity definitions): what was asked for
        /// (`EntitySelection.description`) and the validators of each request, by its path under the service root.
        var selection: String?
        var parts: [String: Validators]?
        /// For Dataverse entity definitions: the `ServerVersionStamp` of `RetrieveMetadataChanges` taken before they
        /// were fetched, to ask next time what changed since.
        var versionStamp: String?
    }

    /// What a server sent to revalidate one response with.
    struct Validators: Codable, Equatable {
        var etag: String?
        var lastModified: String?

        /// Nil when the response had neither header.
        init?(etag: String?, lastModified: String?) {
            guard etag != nil || lastModified != nil else { return nil }
            self.etag = etag
            self.lastModified = lastModified
        }

        /// `If-None-Match` and `If-Modified-Since` for these validators.
        var conditionalHeaders: [(name: String, value: String)] {
            (etag.map { [(name: "If-None-Match", value: $0)] } ?? [])
                + (lastModified.map { [(name: "If-Modified-Since", value: $0)] } ?? [])
        }
    }

    var version = 1
    /// By file name (`NAME.metadata.xml`, `NAME.entitydefinitions.json`).
    var entries: [String: Entry] = [:]

    /// The folder's cache; empty when there is none or it cannot be read (it is only a cache).
    static func read(in folder: URL) -> FetchCache {
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(fileName).path),
            let cache = try? JSONDecoder().decode(FetchCache.self, from: data), cache.version == 1
        else { return FetchCache() }
        return cache
    }

    func write(in folder: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try AtomicFile.write(
            try encoder.encode(self) + Data("\n".utf8),
            to: folder.appendingPathComponent(Self.fileName)
        )
    }
}
