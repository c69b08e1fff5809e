import ArgumentParser
import Foundation

/// `mobilesdkgen fetch`: downloads a service's `$metadata` into a folder, revalidating what an earlier fetch stored.
struct Fetch: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Download a service's $metadata into a folder, for generate and the build plugin to read.",
        discussion: """
            Writes DIR/NAME.xml, NAME being the service root's last path segment unless --name is given. The \
            response's ETag and Last-Modified are kept in DIR/\(FetchCache.fileName) (no secrets), sent back as \
            If-None-Match and If-Modified-Since next time, and nothing is rewritten when the server answers 304 or \
            sends the same bytes. Files are replaced atomically: a failed or interrupted fetch leaves the previous \
            metadata as it was. Redirects to another host are refused, so credentials never leave the service's host.

            Sign-in: --token-env or --token-command (a bearer token), --user with --password-env or a prompt \
            (basic), --header for anything else. Tokens and passwords are never printed or stored. OAuth client \
            credentials and the device code grant are coming; until then, get a token with --token-command (for \
            example `az account get-access-token --resource https://ORG.crm.dynamics.com --query accessToken -o tsv`).
            """
    )

    @Argument(help: "The service root, e.g. https://host/sap/opu/odata/sap/API_BUSINESS_PARTNER_SRV/ ($metadata is added).")
    var serviceRoot: String

    @Option(name: [.short, .customLong("output")], help: "The folder to write the metadata into.")
    var output = "Metadata"

    @Option(help: "The file name, without .xml (default: the service root's last path segment).")
    var name: String?

    @OptionGroup(title: "Sign-in")
    var signIn: SignInOptions

    @Option(name: .customLong("header"), help: ArgumentHelp("An HTTP header to send, \"Name: value\" (repeatable).", valueName: "HEADER"))
    var headers: [String] = []

    @Option(name: .customLong("query"), help: ArgumentHelp("A query parameter to add, name=value (repeatable), e.g. sap-client=100.", valueName: "PARAMETER"))
    var queryParameters: [String] = []

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
    }

    func run() async throws {
        do {
            print(try await fetch())
        } catch let error as FetchError {
            FileHandle.standardError.write(Data("error: \(error.description)\n".utf8))
            throw ExitCode.failure
        }
    }

    /// Fetches and stores; returns the line saying what happened.
    private func fetch() async throws -> String {
        let request = try FetchRequest(serviceRoot: serviceRoot, name: name, queryParameters: queryParameters)
        var headerFields = headers.compactMap(FetchRequest.header)
        if let authorization = try await signIn.authorization() {
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
        let file = folder.appendingPathComponent(request.fileName)
        let shown = "\(output.hasSuffix("/") ? output : output + "/")\(request.fileName)"
        let existing = FileManager.default.contents(atPath: file.path)
        var cache = FetchCache.read(in: folder)
        let validators = existing == nil ? nil : cache.entries[request.fileName].flatMap { $0.url == request.shownURL ? $0 : nil }
        if let etag = validators?.etag { headerFields.append((name: "If-None-Match", value: etag)) }
        if let lastModified = validators?.lastModified { headerFields.append((name: "If-Modified-Since", value: lastModified)) }
        headerFields.append((name: "Accept", value: "application/xml"))

        let response = try await MetadataDownloader(timeout: timeout).get(request.url, headerFields: headerFields, shownURL: request.shownURL)
        switch response.status {
        case 304 where existing != nil:
            return "\(shown): unchanged (304)"
        case 200:
            break
        case 401, 403:
            throw FetchError("""
                \(request.shownURL) answered \(response.status) (\(response.status == 401 ? "not signed in" : "forbidden")): \
                check the credentials given with --token-env, --token-command, --user/--password-env or --header
                """)
        case 404:
            throw FetchError("\(request.shownURL) answered 404: no $metadata there; check the service root")
        default:
            throw FetchError("\(request.shownURL) answered \(response.status)\(response.reason.map { " (\($0))" } ?? ""); nothing was written")
        }
        try MetadataBodyCheck.check(response.body, contentType: response.headerValue("Content-Type"), from: request.shownURL)

        let entry = FetchCache.Entry(url: request.shownURL, etag: response.headerValue("ETag"), lastModified: response.headerValue("Last-Modified"))
        let outcome: String
        if existing == response.body {
            outcome = "unchanged (same content)"
        } else {
            try AtomicFile.write(response.body, to: file)
            outcome = "\(existing == nil ? "created" : "updated") (\(response.body.count) bytes from \(request.shownURL))"
        }
        if cache.entries[request.fileName] != entry {
            cache.entries[request.fileName] = entry
            try cache.write(in: folder)
        }
        return "\(shown): \(outcome)"
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
