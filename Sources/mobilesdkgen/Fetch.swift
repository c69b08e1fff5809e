import ArgumentParser
import Foundation

/// `mobilesdkgen fetch`: downloads a service's `$metadata` into a folder, revalidating what an earlier fetch stored.
struct Fetch: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Download a service's $metadata into a folder, for generate and the build plugin to read.",
        discussion: """
            Writes DIR/NAME.metadata.xml, the name the build plugin looks for; for a Dataverse organization, with \
            --entity, --config or --all-entities, also DIR/NAME.entitydefinitions.json: each entity's definition, \
            attributes, keys, relationships and option sets, fetched with --concurrency requests at a time. The \
            response's ETag and Last-Modified are kept in DIR/\(FetchCache.fileName) (no secrets), sent back as \
            If-None-Match and If-Modified-Since next time, and nothing is rewritten when the server answers 304 or \
            sends the same bytes. Files are replaced atomically: a failed or interrupted fetch leaves the previous \
            metadata as it was. Redirects to another host are refused, so credentials never leave the service's host.

            Sign-in: --token-env or --token-command (a bearer token), --user with --password-env or a prompt \
            (basic), --header for anything else. Tokens and passwords are never printed or stored. OAuth 2.0: \
            --client-id with --client-secret-env (client credentials) or --device-code (you sign in in a browser with \
            the code shown), --token-url and --device-authorization-url or --tenant (Microsoft Entra ID), and --scope; \
            device-code tokens alone are kept, readable by you only, in ~/.cache/mobilesdkgen/tokens.json \
            (XDG_CACHE_HOME) unless --no-token-cache.
            """
    )

    @Argument(help: "The service root, e.g. https://host/sap/opu/odata/sap/API_BUSINESS_PARTNER_SRV/ ($metadata is added).")
    var serviceRoot: String

    @Option(name: [.short, .customLong("output")], help: "The folder to write the metadata into.")
    var output = "Metadata"

    @Option(help: ArgumentHelp(
        "The files' name: NAME.metadata.xml, NAME.entitydefinitions.json (default: the service root's last path segment that is not a version; for a Dataverse Web API root, the organization).",
        valueName: "NAME"))
    var name: String?

    @OptionGroup(title: "Sign-in")
    var signIn: SignInOptions

    @Option(name: .customLong("header"), help: ArgumentHelp("An HTTP header to send, \"Name: value\" (repeatable).", valueName: "HEADER"))
    var headers: [String] = []

    @Option(name: .customLong("query"), help: ArgumentHelp("A query parameter to add, name=value (repeatable), e.g. sap-client=100.", valueName: "PARAMETER"))
    var queryParameters: [String] = []

    @Option(name: .customLong("entity"), help: ArgumentHelp(
        "Dataverse: an entity (logical name) whose definition, attributes and option sets to fetch too (repeatable, or comma-separated).",
        valueName: "NAME"))
    var entities: [String] = []

    @Option(name: .customLong("config"), help: ArgumentHelp(
        "Dataverse: fetch the definitions of the entities this generate configuration includes (wildcards allowed).", valueName: "FILE"))
    var configurationFile: String?

    @Flag(name: .customLong("all-entities"), help: "Dataverse: fetch the definitions of every entity of the organization.")
    var allEntities = false

    @Option(help: "Requests in flight at once while fetching entity definitions.")
    var concurrency = 4

    @Option(help: "Seconds to wait for the server before giving up.")
    var timeout: Double = 60

    func validate() throws {
        for header in headers where FetchRequest.header(header) == nil {
            // The value may be a secret: name only what is wrong with it.
            throw ValidationError("--header must be \"Name: value\" with a name of letters, digits and dashes (the value is not shown)")
        }
        for parameter in queryParameters where FetchRequest.queryItem(parameter) == nil {
            throw ValidationError("--query must be name=value with a non-empty name")
        }
        guard timeout > 0 else { throw ValidationError("--timeout must be positive") }
        guard (1...32).contains(concurrency) else { throw ValidationError("--concurrency must be from 1 to 32") }
        if allEntities, !entities.isEmpty || configurationFile != nil {
            throw ValidationError("--all-entities cannot be combined with --entity or --config")
        }
    }

    func run() async throws {
        do {
            for line in try await fetch() { print(line) }
        } catch let error as FetchError {
            FileHandle.standardError.write(Data("error: \(error.description)\n".utf8))
            throw ExitCode.failure
        }
    }

    /// Fetches every file, then stores those that changed; returns a line per file saying what happened.
    private func fetch() async throws -> [String] {
        let request = try FetchRequest(serviceRoot: serviceRoot, name: name, queryParameters: queryParameters)
        let selection = try EntitySelection.from(entities: entities, configurationFile: configurationFile, all: allEntities)
        var headerFields = headers.compactMap(FetchRequest.header)
        if let authorization = try await signIn.authorization(for: request.url, timeout: timeout) {
            guard !headerFields.contains(where: { $0.name.lowercased() == "authorization" }) else {
                throw FetchError("an Authorization --header and a sign-in option were both given: keep one")
            }
            headerFields.append((name: "Authorization", value: authorization))
        }
        if request.url.scheme?.lowercased() == "http", !Self.isLoopback(request.url.host),
           headerFields.contains(where: { $0.name.lowercased() == "authorization" }) {
            FileHandle.standardError.write(Data("warning: sending credentials over plain http to \(request.url.host ?? "?"); use https\n".utf8))
        }
        let folder = URL(fileURLWithPath: output, isDirectory: true)
        var cache = FetchCache.read(in: folder)
        let downloader = MetadataDownloader(timeout: timeout)
        func existing(_ fileName: String) -> Data? {
            FileManager.default.contents(atPath: folder.appendingPathComponent(fileName).path)
        }

        let (metadata, document) = try await MetadataFetch(request: request, headerFields: headerFields, downloader: downloader)
            .run(existing: existing(request.fileName), cached: cache.entries[request.fileName])
        var files = [metadata]
        if let selection {
            files.append(try await EntityDefinitionsFetch(
                request: request, headerFields: headerFields, selection: selection, concurrency: concurrency, downloader: downloader
            ).run(existing: existing(request.entityDefinitionsFileName), cached: cache.entries[request.entityDefinitionsFileName]))
        } else if MetadataFetch.isDataverse(document) {
            FileHandle.standardError.write(Data("""
                note: a Dataverse organization: add --entity NAME, --config FILE (naming entities in entities.include) \
                or --all-entities to fetch entity definitions too, for schema names, labels, option-set enums and typed \
                lookups\n
                """.utf8))
        }

        for file in files {
            if let content = file.newContent { try AtomicFile.write(content, to: folder.appendingPathComponent(file.fileName)) }
        }
        let entries = Dictionary(uniqueKeysWithValues: files.map { ($0.fileName, $0.cacheEntry) })
        if entries.contains(where: { cache.entries[$0.key] != $0.value }) {
            cache.entries.merge(entries) { $1 }
            try cache.write(in: folder)
        }
        let shownFolder = output.hasSuffix("/") ? output : output + "/"
        return files.map { "\(shownFolder)\($0.fileName): \($0.outcome)" }
    }
}

extension Fetch {
    private static func isLoopback(_ host: String?) -> Bool {
        ["localhost", "127.0.0.1", "::1", "[::1]"].contains(host?.lowercased() ?? "")
    }
}

/// A failure of `fetch` with the message to print; it never holds a token, password or header value.
struct FetchError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
