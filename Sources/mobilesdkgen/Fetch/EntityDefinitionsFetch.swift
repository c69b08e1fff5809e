import Foundation
import GeneratorPipeline
import MetadataReader

/// Fetches a Dataverse organization's entity definitions the way the Web API documents them: per entity, the entity
/// with its attributes, keys and relationships, then one typed cast per option-set attribute type it has (picklist,
/// multi-select, state, status, Boolean, entity name) for the option sets; `EntityDefinitionsAssembly` puts them
/// together. The entities selected bring their base entities along (`DataverseBaseEntities`). At most `concurrency`
/// requests are in flight; a 429 or 503 is waited out as `Retry-After` says (`MetadataDownloader`).
///
/// Before fetching, it asks `RetrieveMetadataChanges` for a version stamp and keeps it in the fetch cache; the next
/// fetch asks what changed since that stamp and fetches only the entities that changed, were added to the selection
/// or lost an attribute, relationship or option set, and drops those deleted (`EntityDefinitionsFetch+Changes`). A
/// service without the function, or one that refuses the stamp (expired), gets the whole fetch; without a stamp, a
/// second fetch revalidates every response it stored validators for and downloads again only when one changed.
struct EntityDefinitionsFetch {
    let request: FetchRequest
    let headerFields: [(name: String, value: String)]
    let selection: EntitySelection
    /// Adds the entities the selected ones derive from.
    let baseEntities: DataverseBaseEntities.Source
    let concurrency: Int
    let downloader: MetadataDownloader

    /// The file to write (if any), given the stored copy and the cache entry it was fetched with.
    func run(existing: Data?, cached: FetchCache.Entry?) async throws -> FetchedFile {
        let progress = FetchProgress(label: "Fetching entity definitions")
        defer { progress.end() }
        var note = ""
        if let existing, let cached, cached.url == request.shownRoot, cached.selection == selection.description {
            if let stamp = cached.versionStamp {
                switch try await changes(since: stamp, progress: progress) {
                case .changes(let changes):
                    return try await update(existing, cached: cached, with: changes, progress: progress)
                case .refused(let status): note = "; the version stamp of the last fetch was refused (\(status))"
                }
            } else if try await isUnchanged(cached, progress: progress) {
                return FetchedFile(
                    fileName: request.entityDefinitionsFileName,
                    newContent: nil,
                    outcome: "unchanged (304)",
                    cacheEntry: cached
                )
            }
        }
        var assembly = EntityDefinitionsAssembly()
        let (parts, entities, requests, stamp) = try await fetchAll(into: &assembly, progress: progress)
        let document = Data(assembly.document())
        let entry = FetchCache.Entry(
            url: request.shownRoot,
            selection: selection.description,
            parts: parts,
            versionStamp: stamp
        )
        let outcome =
            existing == document
            ? "unchanged (same content\(note))"
            : """
            \(existing == nil ? "created" : "updated") (\(entities) entities, \(requests + (stamp == nil ? 0 : 1)) \
            requests, \(document.count) bytes\(note))
            """
        return FetchedFile(
            fileName: request.entityDefinitionsFileName,
            newContent: existing == document ? nil : document,
            outcome: outcome,
            cacheEntry: entry
        )
    }

    /// The version stamp of an answer of `RetrieveMetadataChanges`, nil when the service refused it.
    private static func stamp(of answer: ChangesResponse) throws -> String? {
        if case .changes(let changes) = try answer.read() { return changes.serverVersionStamp }
        return nil
    }

    /// Whether every response of the earlier fetch answers 304 to its validators.
    private func isUnchanged(_ cached: FetchCache.Entry, progress: FetchProgress) async throws -> Bool {
        guard let parts = cached.parts, !parts.isEmpty else { return false }
        let getter = getter
        let paths = parts.keys.sorted()
        progress.expect(paths.count)
        let statuses = try await boundedMap(paths, limit: concurrency, finished: progress.finishedOne) { path in
            try await getter.get(path, conditional: parts[path]?.conditionalHeaders ?? []).response.status
        }
        return statuses.allSatisfy { $0 == 304 }
    }

    /// Every response, unconditionally, into `assembly`: the validators by request (nil unless every response had
    /// some), the number of entities and of requests, and the version stamp (nil when the service has none).
    private func fetchAll(into assembly: inout EntityDefinitionsAssembly, progress: FetchProgress) async throws -> (
        [String: FetchCache.Validators]?, Int, Int, String?
    ) {
        var validators: [String: FetchCache.Validators?] = [:]
        // The stamp is asked before any definition, so that the next fetch sees what changes after; the entities are
        // listed meanwhile, and the stamp's answer, which lists every entity's attributes, is read while the
        // definitions download.
        async let first = changesResponse(since: nil, progress: progress)
        let names = try await selectedNames(validators: &validators, progress: progress)
        let answer = try await first
        async let stamp = Self.stamp(of: answer)
        try await fetchEntities(names, into: &assembly, validators: &validators, progress: progress)
        let complete = validators.compactMapValues { $0 }
        return (complete.count == validators.count ? complete : nil, names.count, validators.count, try await stamp)
    }

    /// The logical names of the entities selected, with their base entities.
    private func selectedNames(validators: inout [String: FetchCache.Validators?], progress: FetchProgress) async throws
        -> [String]
    {
        var names: [String]
        switch selection {
        case .names(let given): names = given
        default:
            let path = "EntityDefinitions?$select=LogicalName,SchemaName"
            progress.expect(1)
            let (response, shown) = try await getter.get(path)
            progress.finishedOne()
            try getter.check(response, shown: shown, what: "EntityDefinitions (is this a Dataverse organization?)")
            validators[path] = response.validators
            names = selection.logicalNames(
                among: try Self.located {
                    try EntityDefinitionsAssembly.entityNames([UInt8](response.body), source: shown)
                }
            )
            guard !names.isEmpty else {
                throw FetchError("no entity of the organization matches the configuration's entities filter")
            }
        }
        return try await baseEntities().adding(to: names)
    }

    var getter: WebAPIGetter { WebAPIGetter(request: request, headerFields: headerFields, downloader: downloader) }

    /// A response that is not the JSON asked for, as a message that says where.
    static func located<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as EntityDefinitionsAssembly.Failure {
            throw FetchError("\(error.description); nothing was written")
        }
    }

    /// The assembled document read as the generator reads it: what it cannot read is not stored.
    static func checkReadable(_ document: Data, name: String) throws {
        let result = Pipeline().parse(.document(named: name, bytes: Array(document)))
        if let error = result.diagnostics.first(where: { $0.severity == .error }) {
            throw FetchError("the entity definitions put together cannot be read: \(error); nothing was written")
        }
    }
}
