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
            sends the same bytes; for entity definitions, a version stamp from RetrieveMetadataChanges is kept too, \
            and the next fetch downloads only the entities that changed since. Files are replaced atomically: a \
            failed or interrupted fetch leaves the previous metadata as it was. Redirects to another host are \
            refused, so credentials never leave the service's host.

            Sign-in: --token-env or --token-command (a bearer token), --user with --password-env or a prompt \
            (basic), --header for anything else. Tokens and passwords are never printed or stored. OAuth 2.0: \
            --client-id with --client-secret-env (client credentials) or --device-code (you sign in in a browser with \
            the code shown), --token-url and --device-authorization-url or --tenant (Microsoft Entra ID), and --scope; \
            device-code tokens alone are kept, readable by you only, in ~/.cache/mobilesdkgen/tokens.json \
            (XDG_CACHE_HOME) unless --no-token-cache.
            """
    )

    @Argument(
        help: "The service root, e.g. https://host/sap/opu/odata/sap/API_BUSINESS_PARTNER_SRV/ ($metadata is added)."
    ) var serviceRoot: String

    @Option(name: [.short, .customLong("output")], help: "The folder to write the metadata into.") var output =
        "Metadata"

    @Option(
        help: ArgumentHelp(
            """
            The files' name: NAME.metadata.xml, NAME.entitydefinitions.json (default: the service root's last path \
            segment that is not a version; for a Dataverse Web API root, the organization).
            """,
            valueName: "NAME"
        )
    ) var name: String?

    @OptionGroup var options: FetchOptions

    func run() async throws {
        do {
            for line in try await FetchOperation(serviceRoot: serviceRoot, name: name, output: output, options: options)
                .run().lines
            { print(line) }
        } catch let error as FetchError {
            FileHandle.standardError.write(Data("error: \(error.description)\n".utf8))
            throw ExitCode.failure
        }
    }
}

/// A failure of `fetch` with the message to print; it never holds a token, password or header value.
struct FetchError: Error, CustomStringConvertible {
    let description: String
    /// The service's HTTP status when the error is its answer, such as 401.
    let status: Int?

    init(_ description: String, status: Int? = nil) {
        self.description = description
        self.status = status
    }
}
