import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkTesting
import TestSupport
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Where the real servers of `scripts/test-servers.sh` listen (``TestServers``). Without them the suites skip, unless
/// `MOBILESDK_REQUIRE_LIVE_TESTS=1` (set by `scripts/test.sh`) makes them fail.
enum LiveServers {
    static let v4 = TestServers.url(.odataV4)
    static let v2 = TestServers.url(.odataV2)
    /// pyslet's OData v2 service of media link entries (`SampleMetadata/Gallery.v2.xml`).
    static let v2Media = TestServers.url(.odataV2Media)
    /// TripPin behind sign-in (bearer or basic), answering 401 with `WWW-Authenticate`.
    static let secured = TestServers.url(.secured)
    /// Authlib's OAuth 2.0 server, and the public client id it signs users in for (authorization code with PKCE).
    static let oauth = TestServers.url(.oauth)
    static let oauthAppClientId = TestServers.value(.oauthAppClientId)
    /// The confidential client (client credentials, HTTP Basic only) and its secret.
    static let oauthClientId = TestServers.value(.oauthClientId)
    static let oauthClientSecret = TestServers.value(.oauthClientSecret)
    static let required = TestServers.required
    static let skipMessage = Comment(rawValue: TestServers.skipMessage)

    /// A marker unique to this test run, so that runs against a long-lived server do not see each other's data.
    static let runId = String(UUID().uuidString.prefix(8)).lowercased()
}

extension LiveServers {
    /// A transport that sends through `URLSessionTransport` and keeps every request, to check what the client sent.
    static func recordingTransport() -> ScriptedTransport {
        ScriptedTransport(passingThroughTo: URLSessionTransport(timeout: 30))
    }

    /// A client for `root` through `transport`, reading into the classes `register` registers (a generated model's
    /// `GeneratedEntities.register(in:)`).
    static func client(
        _ root: URL,
        version: ODataVersion = .v4,
        transport: ScriptedTransport,
        register: (EntityRegistry) -> Void
    ) -> ODataClient {
        let registry = EntityRegistry()
        register(registry)
        return ODataClient(
            ODataClient.Configuration(serviceRoot: root, version: version, transport: transport, registry: registry)
        )
    }
}

/// Reads the server's state with plain `URLSession` and `JSONSerialization`, independently of the client.
enum ServerProbe {
    /// The status and JSON object of `GET root + path`.
    static func get(_ root: URL, _ path: String) async throws -> (status: Int, json: [String: Any]?) {
        guard let url = URL(string: root.absoluteString + path) else { throw URLError(.badURL) }
        var request = URLRequest(url: url)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let (data, response) = try await URLSession.shared.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        return (status, try? JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The entities of every page of `GET root + path`, following `@odata.nextLink` (v4) or `__next` (v2).
    static func all(_ root: URL, _ path: String) async throws -> [[String: Any]] {
        var rows: [[String: Any]] = []
        var next: String? = root.absoluteString + path
        while let link = next, let url = URL(string: link) {
            var request = URLRequest(url: url)
            request.setValue("application/json", forHTTPHeaderField: "Accept")
            let (data, _) = try await URLSession.shared.data(for: request)
            let json = try JSONSerialization.jsonObject(with: data) as? [String: Any]
            let page = (json?["d"] as? [String: Any]) ?? json
            rows += (page?["value"] as? [[String: Any]]) ?? (page?["results"] as? [[String: Any]]) ?? []
            next = (page?["@odata.nextLink"] as? String) ?? (page?["__next"] as? String)
        }
        return rows
    }

    /// `path` with spaces and other characters a URL cannot hold percent-encoded; `&`, `=`, `$` and quotes kept.
    static func encoded(_ path: String) -> String {
        path.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? path
    }
}
