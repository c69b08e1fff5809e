import Foundation
import MetadataReader

/// A second fetch with a version stamp: only what changed since the stamp is fetched again.
extension EntityDefinitionsFetch {
    /// What `RetrieveMetadataChanges` answered.
    enum ChangesAnswer {
        case changes(MetadataChanges)
        /// The service refused the request or the stamp (no such function, an expired stamp): the HTTP status.
        case refused(Int)
    }

    /// The request that learns what changed since `stamp`, or that takes a first stamp without one.
    func changesQuery() async throws -> MetadataChangesQuery {
        if case .names(let names) = selection {
            return MetadataChangesQuery(logicalNames: try await baseEntities().adding(to: names))
        }
        return MetadataChangesQuery(logicalNames: nil)
    }

    /// Asks `RetrieveMetadataChanges` what changed since `stamp` (everything the query selects without one).
    /// Sign-in failures and throttling are the fetch's; any other refusal is answered `.refused`.
    func changes(since stamp: String?, progress: FetchProgress) async throws -> ChangesAnswer {
        try await changesResponse(since: stamp, progress: progress).read()
    }

    /// The answer of `RetrieveMetadataChanges`, not yet read: a refusal, or the body to read.
    enum ChangesResponse: Sendable {
        case answered(body: Data, shown: String)
        case refused(Int)

        func read() throws -> ChangesAnswer {
            switch self {
            case .refused(let status): return .refused(status)
            case .answered(let body, let shown):
                return .changes(try located { try MetadataChanges.read([UInt8](body), source: shown) })
            }
        }
    }

    /// Asks `RetrieveMetadataChanges` what changed since `stamp`, as `changes(since:progress:)` does, without reading
    /// the answer: that can be done while other requests are under way.
    func changesResponse(since stamp: String?, progress: FetchProgress) async throws -> ChangesResponse {
        progress.expect(1)
        let (response, shown) = try await getter.get(try await changesQuery().path(since: stamp))
        progress.finishedOne()
        if response.status != 200, ![401, 403].contains(response.status), (400..<600).contains(response.status) {
            return .refused(response.status)
        }
        try getter.check(response, shown: shown, what: "RetrieveMetadataChanges")
        return .answered(body: response.body, shown: shown)
    }

    /// The stored document with the entities that changed since the last fetch fetched again, those deleted
    /// removed, and entities new to the selection added.
    func update(_ existing: Data, cached: FetchCache.Entry, with changes: MetadataChanges, progress: FetchProgress)
        async throws -> FetchedFile
    {
        let fileName = request.entityDefinitionsFileName
        var entry = cached
        entry.versionStamp = changes.serverVersionStamp
        let unchanged = FetchedFile(
            fileName: fileName,
            newContent: nil,
            outcome: "unchanged (nothing changed since the last fetch's version stamp)",
            cacheEntry: entry
        )
        if changes.entities.isEmpty, changes.deletedIds.isEmpty { return unchanged }
        var assembly = try Self.located { try EntityDefinitionsAssembly(document: [UInt8](existing), source: fileName) }
        let held = Set(assembly.logicalNames)
        let deleted = Set(changes.deletedIds)
        let removed = assembly.entities(identifiedBy: deleted)
        var changed = Set(assembly.entities(holding: deleted)).subtracting(removed)
        var added: [String] = []
        for entity in changes.entities {
            guard
                let name = entity.logicalName
                    ?? entity.metadataId.flatMap({ assembly.entities(identifiedBy: [$0]).first })
            else { continue }
            if held.contains(name) {
                if !removed.contains(name) { changed.insert(name) }
            } else if !selection.logicalNames(among: [(name, entity.schemaName)]).isEmpty {
                added.append(name)
            }
        }
        for name in removed { assembly.removeEntity(name) }
        let fetched = try await baseEntities().adding(to: added).filter { !held.contains($0) || changed.contains($0) }
        let refetch = Array(changed.union(fetched)).sorted()
        if refetch.isEmpty, removed.isEmpty { return unchanged }
        var validators: [String: FetchCache.Validators?] = [:]
        try await fetchEntities(refetch, into: &assembly, validators: &validators, progress: progress)
        let document = Data(assembly.document())
        try Self.checkReadable(document, name: fileName)
        entry.parts = Self.parts(cached.parts, replacing: removed + refetch, with: validators)
        let newNames = refetch.filter { !changed.contains($0) }
        let lists = [("changed", changed.sorted()), ("added", newNames), ("removed", removed)].filter { !$0.1.isEmpty }
        let summary =
            lists.map { "\($0.0): \($0.1.joined(separator: ", "))" }.joined(separator: "; ")
            + "; \(validators.count + 1) requests, \(document.count) bytes"
        return FetchedFile(
            fileName: fileName,
            newContent: existing == document ? nil : document,
            outcome: existing == document ? "unchanged (same content; \(summary))" : "updated (\(summary))",
            cacheEntry: entry
        )
    }

    /// The stored validators without those of `entities`' requests, with `validators` (nil unless all are known).
    private static func parts(
        _ stored: [String: FetchCache.Validators]?,
        replacing entities: [String],
        with validators: [String: FetchCache.Validators?]
    ) -> [String: FetchCache.Validators]? {
        guard var parts = stored else { return nil }
        let markers = entities.map { "(LogicalName='\($0)')" }
        parts = parts.filter { path, _ in !markers.contains { path.contains($0) } }
        for (path, value) in validators {
            guard let value else { return nil }
            parts[path] = value
        }
        return parts
    }
}
