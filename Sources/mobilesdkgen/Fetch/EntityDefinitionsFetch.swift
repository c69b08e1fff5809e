import Foundation
import GeneratorPipeline
import MetadataReader

/// Fetches a Dataverse organization's entity definitions the way the Web API documents them: per entity, the entity
/// with its attributes, keys and relationships, then one typed cast per option-set attribute type it has (picklist,
/// multi-select, state, status, Boolean, entity name) for the option sets; `EntityDefinitionsAssembly` puts them
/// together. The entities selected bring their base entities along (`DataverseBaseEntities`). At most `concurrency` requests are in flight; a 429 or 503 is waited out as `Retry-After` says
/// (`MetadataDownloader`). A second fetch first revalidates every response it stored validators for, and downloads
/// again only when one of them changed.
struct EntityDefinitionsFetch {
    let request: FetchRequest
    let headerFields: [(name: String, value: String)]
    let selection: EntitySelection
    /// Adds the entities the selected ones derive from.
    let baseEntities: DataverseBaseEntities
    let concurrency: Int
    let downloader: MetadataDownloader

    /// The file to write (if any), given the stored copy and the cache entry it was fetched with.
    func run(existing: Data?, cached: FetchCache.Entry?) async throws -> FetchedFile {
        let progress = FetchProgress(label: "Fetching entity definitions")
        defer { progress.end() }
        if existing != nil, let cached, try await isUnchanged(cached, progress: progress) {
            return FetchedFile(
                fileName: request.entityDefinitionsFileName,
                newContent: nil,
                outcome: "unchanged (304)",
                cacheEntry: cached
            )
        }
        let (document, parts, entities, requests) = try await fetchAll(progress: progress)
        let entry = FetchCache.Entry(url: request.shownRoot, selection: selection.description, parts: parts)
        let outcome =
            existing == document
            ? "unchanged (same content)"
            : """
            \(existing == nil ? "created" : "updated") (\(entities) entities, \(requests) requests, \
            \(document.count) bytes)
            """
        return FetchedFile(
            fileName: request.entityDefinitionsFileName,
            newContent: existing == document ? nil : document,
            outcome: outcome,
            cacheEntry: entry
        )
    }

    /// Whether every response of the earlier fetch answers 304 to its validators, for the same selection.
    private func isUnchanged(_ cached: FetchCache.Entry, progress: FetchProgress) async throws -> Bool {
        guard cached.url == request.shownRoot, cached.selection == selection.description, let parts = cached.parts,
            !parts.isEmpty
        else { return false }
        let getter = getter
        let paths = parts.keys.sorted()
        progress.expect(paths.count)
        let statuses = try await boundedMap(paths, limit: concurrency, finished: progress.finishedOne) { path in
            try await getter.get(path, conditional: parts[path]?.conditionalHeaders ?? []).response.status
        }
        return statuses.allSatisfy { $0 == 304 }
    }

    /// Every response, unconditionally: the document, the validators by request (nil unless every response had
    /// some), the number of entities and of requests.
    private func fetchAll(progress: FetchProgress) async throws -> (Data, [String: FetchCache.Validators]?, Int, Int) {
        let getter = getter
        var validators: [String: FetchCache.Validators?] = [:]
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
        names = baseEntities.adding(to: names)

        var assembly = EntityDefinitionsAssembly()
        let entityPaths = names.map {
            "EntityDefinitions(LogicalName='\($0)')?$expand=\(EntityDefinitionsAssembly.entityExpansions)"
        }
        progress.expect(entityPaths.count)
        let entities = try await boundedMap(entityPaths, limit: concurrency, finished: progress.finishedOne) {
            try await getter.get($0)
        }
        var casts: [(entity: String, path: String)] = []
        for (name, (path, (response, shown))) in zip(names, zip(entityPaths, entities)) {
            if response.status == 404 {
                throw FetchError(
                    "the organization has no entity '\(name)' (\(shown) answered 404); nothing was written"
                )
            }
            try getter.check(response, shown: shown, what: "entity definition")
            validators[path] = response.validators
            let types = try Self.located {
                try assembly.addEntity([UInt8](response.body), logicalName: name, source: shown)
            }
            casts += types.map { type in
                (
                    name,
                    "EntityDefinitions(LogicalName='\(name)')/Attributes/Microsoft.Dynamics.CRM.\(type)"
                        + "?$select=LogicalName&$expand=\(EntityDefinitionsAssembly.optionSetExpansions)"
                )
            }
        }
        progress.expect(casts.count)
        let optionSets = try await boundedMap(casts.map(\.path), limit: concurrency, finished: progress.finishedOne) {
            try await getter.get($0)
        }
        for (cast, (response, shown)) in zip(casts, optionSets) {
            try getter.check(response, shown: shown, what: "attribute option sets")
            validators[cast.path] = response.validators
            try Self.located {
                try assembly.addOptionSets([UInt8](response.body), logicalName: cast.entity, source: shown)
            }
        }
        let document = Data(assembly.document())
        try Self.checkReadable(document, name: request.entityDefinitionsFileName)
        let complete = validators.compactMapValues { $0 }
        return (document, complete.count == validators.count ? complete : nil, names.count, validators.count)
    }

    private var getter: WebApiGetter {
        WebApiGetter(request: request, headerFields: headerFields, downloader: downloader)
    }

    /// A response that is not the JSON asked for, as a message that says where.
    private static func located<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as EntityDefinitionsAssembly.Failure {
            throw FetchError("\(error.description); nothing was written")
        }
    }

    /// The assembled document read as the generator reads it: what it cannot read is not stored.
    private static func checkReadable(_ document: Data, name: String) throws {
        let result = GeneratorPipeline().parse(.document(named: name, bytes: Array(document)))
        if let error = result.diagnostics.first(where: { $0.severity == .error }) {
            throw FetchError("the entity definitions put together cannot be read: \(error); nothing was written")
        }
    }
}

/// GETs paths under the service root as JSON, with the sign-in and query parameters of the fetch.
private struct WebApiGetter: Sendable {
    let request: FetchRequest
    let headerFields: [(name: String, value: String)]
    let downloader: MetadataDownloader

    /// The response and the URL as it may be shown (no query parameters).
    func get(_ path: String, conditional: [(name: String, value: String)] = []) async throws -> (
        response: MetadataDownloader.Response, shown: String
    ) {
        let shown = request.shownRoot + path
        guard let url = request.url(relative: path) else { throw FetchError("cannot form a URL for \(shown)") }
        let fields =
            headerFields + conditional + [
                (name: "Accept", value: "application/json"), (name: "OData-MaxVersion", value: "4.0"),
                (name: "OData-Version", value: "4.0"),
            ]
        return (try await downloader.get(url, headerFields: fields, shownURL: shown), shown)
    }

    func check(_ response: MetadataDownloader.Response, shown: String, what: String) throws {
        try FetchStatus.check(response, url: shown, what: what)
        let type = response.headerValue("Content-Type")?.lowercased() ?? ""
        guard type.contains("json") else {
            let hint = type.contains("html") ? ": an HTML page, probably a sign-in page; check the credentials" : ""
            throw FetchError(
                "\(shown) sent \(type.isEmpty ? "no content type" : type) instead of JSON\(hint); nothing was written"
            )
        }
    }
}

extension MetadataDownloader.Response {
    /// The response's ETag and Last-Modified, if it has either.
    var validators: FetchCache.Validators? {
        FetchCache.Validators(etag: headerValue("ETag"), lastModified: headerValue("Last-Modified"))
    }
}
