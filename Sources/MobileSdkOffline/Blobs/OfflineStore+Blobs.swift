import Foundation
import GRDB
import MobileSdk
import MobileSdkClient

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension OfflineStore {
    private static let blobs = "\"\(StoreDatabase.Tables.blobs)\""

    /// A file holding the stream's content, kept in the store's cache: read from the service the first time and
    /// whenever the stream's ETag says it changed, then from the device, also without a network. Downloads never
    /// fetch streams; this does, when asked.
    ///
    /// Offline, a copy kept for an older ETag is returned rather than nothing; with no copy at all, the service's
    /// error is thrown. The file stays valid until the cache evicts it: copy it to keep it longer.
    nonisolated(nonsending) public func cachedFile(for stream: StreamReference) async throws -> URL {
        let key = try Self.cacheKey(of: stream)
        let cached = try await writer.read { db in
            try Row.fetchOne(db, sql: "SELECT file, etag FROM \(Self.blobs) WHERE cache_key = ?", arguments: [key])
                .map { (file: $0["file"] as String, eTag: $0["etag"] as String?) }
        }
        let directory = blobDirectory
        if let cached, stream.eTag == nil || cached.eTag == stream.eTag {
            let file = directory.appendingPathComponent(cached.file)
            if FileManager.default.fileExists(atPath: file.path) {
                try await touch(key)
                return file
            }
        }
        guard let service else {
            guard let cached else { throw OfflineStoreError.noClient }
            return directory.appendingPathComponent(cached.file)
        }
        let name = UUID().uuidString.lowercased()
        let file = directory.appendingPathComponent(name)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            protection.apply(to: [directory.path])
            let downloaded = try await service.downloadStream(stream, to: file)
            protection.apply(to: [file.path])
            try await remember(key, file: name, bytes: downloaded.byteCount, eTag: stream.eTag)
            return file
        } catch let error where cached != nil && Self.isNetworkFailure(error) {
            // Offline: the copy of an older version is better than none.
            return directory.appendingPathComponent(cached?.file ?? name)
        }
    }

    /// A failure to reach the service: unreachable, or a connection that failed after its retries.
    private static func isNetworkFailure(_ error: any Error) -> Bool {
        error is URLError || (error as? ODataClientError)?.isUnreachable == true
    }

    /// Drops every cached stream.
    public func clearBlobCache() throws {
        try database { db in try db.execute(sql: "DELETE FROM \(Self.blobs)") }
        try? FileManager.default.removeItem(at: blobDirectory)
    }

    /// Records a downloaded stream and evicts the least recently used ones past the limits.
    private func remember(_ key: String, file: String, bytes: Int64, eTag: String?) async throws {
        let limits = blobLimits
        let evicted = try await writing { db -> [String] in
            let old = try String.fetchOne(
                db,
                sql: "SELECT file FROM \(Self.blobs) WHERE cache_key = ?",
                arguments: [key]
            )
            try db.execute(
                sql: "INSERT OR REPLACE INTO \(Self.blobs) (cache_key, file, bytes, etag, last_used)"
                    + " VALUES (?, ?, ?, ?, ?)",
                arguments: [key, file, bytes, eTag, Date().timeIntervalSinceReferenceDate]
            )
            var evicted = old.map { [$0] } ?? []
            while true {
                let totals = try Row.fetchOne(
                    db,
                    sql: "SELECT COUNT(*) AS count, SUM(bytes) AS bytes FROM \(Self.blobs)"
                )
                let count: Int = totals?["count"] ?? 0
                let total: Int64 = totals?["bytes"] ?? 0
                guard count > 1, count > limits.maximumCount || total > limits.maximumBytes,
                    let oldest = try Row.fetchOne(
                        db,
                        sql: "SELECT cache_key, file FROM \(Self.blobs) WHERE cache_key != ?"
                            + " ORDER BY last_used LIMIT 1",
                        arguments: [key]
                    )
                else { break }
                try db.execute(sql: "DELETE FROM \(Self.blobs) WHERE cache_key = ?", arguments: [oldest["cache_key"]])
                evicted.append(oldest["file"])
            }
            return evicted
        }
        for name in evicted { try? FileManager.default.removeItem(at: blobDirectory.appendingPathComponent(name)) }
    }

    private func touch(_ key: String) async throws {
        let now = Date().timeIntervalSinceReferenceDate
        try await writing { db in
            try db.execute(sql: "UPDATE \(Self.blobs) SET last_used = ? WHERE cache_key = ?", arguments: [now, key])
        }
    }

    /// The cache's key of a stream: its entity set, key and kind.
    private static func cacheKey(of stream: StreamReference) throws -> String {
        guard let set = stream.entitySet, let key = stream.key else {
            throw OfflineStoreError.missingKey("a stream without its entity's set and key cannot be cached")
        }
        let kind: String
        switch stream.kind {
        case .mediaResource: kind = "$value"
        case .property(let name): kind = name
        case .file(let name): kind = "file:" + name
        case .image(let name): kind = "image:" + name
        }
        return set + key.description + "/" + kind
    }
}
