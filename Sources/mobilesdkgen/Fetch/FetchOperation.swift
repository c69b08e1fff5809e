import Foundation
import ServiceAccess

/// One `fetch`: `$metadata` of a service root and, for Dataverse, the definitions of its entities, revalidated
/// against what an earlier fetch stored in the folder; every file is written only once all were fetched.
///
/// Which entities' definitions: those named by the options; else, unless `--no-entity-definitions`, those the
/// configuration `defaultConfigurationFile` includes (by default the output folder's `mobilesdkgen-config.json`), or
/// every entity when there is no such configuration or it includes every entity.
struct FetchOperation {
    let serviceRoot: String
    let name: String?
    let output: String
    let options: FetchOptions
    /// The configuration whose entities to fetch the definitions of when the options name none.
    var defaultConfigurationFile: String?

    /// Fetches every file, then stores those that changed. When the service refuses (401) an access token reused from
    /// the token cache — revoked, or issued before a change of permissions — it signs in again once and fetches anew.
    func run() async throws -> (lines: [String], fileNames: [String]) {
        let request = try FetchRequest(serviceRoot: serviceRoot, name: name, queryParameters: options.queryParameters)
        let selection = try EntitySelection.from(
            entities: options.entities,
            configurationFile: options.configurationFile,
            all: options.allEntities
        )
        let authorization = try await options.signIn.authorization(for: request.url, timeout: options.timeout)
        do { return try await run(request, selection: selection, authorization: authorization?.value) } catch let error
            as FetchError where error.status == 401 && authorization?.isCachedToken == true
        {
            FileHandle.standardError.write(
                Data("The service refused the cached sign-in (401); signing in again.\n".utf8)
            )
            let renewed = try await options.signIn.authorization(
                for: request.url,
                timeout: options.timeout,
                reusingCachedToken: false
            )
            return try await run(request, selection: selection, authorization: renewed?.value)
        }
    }

    private func run(_ request: FetchRequest, selection: EntitySelection?, authorization: String?) async throws -> (
        lines: [String], fileNames: [String]
    ) {
        var headerFields = options.headers.compactMap(FetchRequest.header)
        if let authorization {
            guard !headerFields.contains(where: { $0.name.lowercased() == "authorization" }) else {
                throw FetchError("an Authorization --header and a sign-in option were both given: keep one")
            }
            headerFields.append((name: "Authorization", value: authorization))
        }
        if request.url.scheme?.lowercased() == "http", !CredentialRules.isLoopback(request.url.host),
            headerFields.contains(where: { $0.name.lowercased() == "authorization" })
        {
            FileHandle.standardError.write(
                Data("warning: sending credentials over plain http to \(request.url.host ?? "?"); use https\n".utf8)
            )
        }
        let folder = URL(fileURLWithPath: output, isDirectory: true)
        var cache = FetchCache.read(in: folder)
        let downloader = MetadataDownloader(timeout: options.timeout)
        func existing(_ fileName: String) -> Data? {
            FileManager.default.contents(atPath: folder.appendingPathComponent(fileName).path)
        }

        let metadataFetch = MetadataFetch(request: request, headerFields: headerFields, downloader: downloader)
        let (storedMetadata, cachedMetadata) = (existing(request.fileName), cache.entries[request.fileName])
        func definitions(_ selection: EntitySelection, baseEntities: @escaping DataverseBaseEntities.Source)
            async throws -> FetchedFile
        {
            try await EntityDefinitionsFetch(
                request: request,
                headerFields: headerFields,
                selection: selection,
                baseEntities: baseEntities,
                concurrency: options.concurrency,
                downloader: downloader
            )
            .run(
                existing: existing(request.entityDefinitionsFileName),
                cached: cache.entries[request.entityDefinitionsFileName]
            )
        }

        var files: [FetchedFile]
        if let selection {
            // The entities are known: their definitions are fetched while `$metadata` downloads, which only the base
            // entities wait for.
            let metadata = Task {
                let (file, document) = try await metadataFetch.run(existing: storedMetadata, cached: cachedMetadata)
                return (file: file, bases: DataverseBaseEntities(metadata: document))
            }
            let fetched: FetchedFile
            do {
                fetched = try await withTaskCancellationHandler {
                    try await definitions(selection) { try await metadata.value.bases }
                } onCancel: {
                    metadata.cancel()
                }
            } catch {
                // A `$metadata` that failed says more than the definitions that failed after it.
                if case .failure(let metadataError) = await metadata.result { throw metadataError }
                throw error
            }
            files = [try await metadata.value.file, fetched]
        } else {
            let (metadata, document) = try await metadataFetch.run(existing: storedMetadata, cached: cachedMetadata)
            files = [metadata]
            if MetadataFetch.isDataverse(document), !options.noEntityDefinitions {
                let bases = DataverseBaseEntities(metadata: document)
                files.append(try await definitions(try defaultSelection(in: folder)) { bases })
            } else if MetadataFetch.isDataverse(document) {
                FileHandle.standardError.write(
                    Data(
                        """
                        warning: a Dataverse organization fetched without entity definitions \
                        (--no-entity-definitions): classes generated from it keep logical names, option sets stay \
                        integers and lookups stay GUIDs\n
                        """
                        .utf8
                    )
                )
            }
        }

        for file in files {
            if let content = file.newContent {
                try AtomicFile.write(content, to: folder.appendingPathComponent(file.fileName))
            }
        }
        let entries = Dictionary(uniqueKeysWithValues: files.map { ($0.fileName, $0.cacheEntry) })
        if entries.contains(where: { cache.entries[$0.key] != $0.value }) {
            cache.entries.merge(entries) { $1 }
            try cache.write(in: folder)
        }
        let shownFolder = output.hasSuffix("/") ? output : output + "/"
        return (files.map { "\(shownFolder)\($0.fileName): \($0.outcome)" }, files.map(\.fileName))
    }

    /// The entities of the default configuration (see the type's comment), with a note saying which they are.
    private func defaultSelection(in folder: URL) throws -> EntitySelection {
        let inFolder = folder.appendingPathComponent(Self.configurationFileName).path
        let file = defaultConfigurationFile ?? (FileManager.default.fileExists(atPath: inFolder) ? inFolder : nil)
        let selection = try file.flatMap { try EntitySelection.from(entities: [], configurationFile: $0, all: false) }
        let which = selection.map { _ in "the entities \((file as NSString?)?.lastPathComponent ?? "") includes" }
        FileHandle.standardError.write(
            Data(
                """
                note: a Dataverse organization: fetching the definitions of \(which ?? "all its entities") \
                (for schema names, labels, option-set enums and typed lookups); --entity or --config names others, \
                --no-entity-definitions fetches $metadata alone\n
                """
                .utf8
            )
        )
        return selection ?? .all
    }

    /// The configuration file a model target holds, which the build plugin reads.
    static let configurationFileName = "mobilesdkgen-config.json"
}
