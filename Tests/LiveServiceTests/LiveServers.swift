import Foundation
import MobileSdk
import MobileSdkClient
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Where the real OData servers of `scripts/test-servers.sh` listen: the environment's
/// `MOBILESDK_TEST_ODATA_V4_URL` / `…_V2_URL`, else the `.build-servers/servers.env` the script wrote.
/// Without them the suites skip, unless `MOBILESDK_REQUIRE_LIVE_TESTS=1` (set by `scripts/test.sh`) makes them fail.
enum LiveServers {
    static let v4 = url("MOBILESDK_TEST_ODATA_V4_URL")
    static let v2 = url("MOBILESDK_TEST_ODATA_V2_URL")
    /// pyslet's OData v2 service of media link entries (`SampleMetadata/Gallery.v2.xml`).
    static let v2Media = url("MOBILESDK_TEST_ODATA_V2_MEDIA_URL")
    /// TripPin behind sign-in (bearer or basic), answering 401 with `WWW-Authenticate`.
    static let secured = url("MOBILESDK_TEST_SECURED_URL")
    /// Authlib's OAuth 2.0 server, and the public client id it signs users in for (authorization code with PKCE).
    static let oauth = url("MOBILESDK_TEST_OAUTH_URL")
    static let oauthAppClientId = value("MOBILESDK_TEST_OAUTH_APP_CLIENT_ID")
    /// The confidential client (client credentials, HTTP Basic only) and its secret.
    static let oauthClientId = value("MOBILESDK_TEST_OAUTH_CLIENT_ID")
    static let oauthClientSecret = value("MOBILESDK_TEST_OAUTH_CLIENT_SECRET")
    static let required = ProcessInfo.processInfo.environment["MOBILESDK_REQUIRE_LIVE_TESTS"] == "1"
    static let skipMessage: Comment = "no OData test server: run scripts/test-servers.sh start (scripts/test.sh does)"

    /// A marker unique to this test run, so that runs against a long-lived server do not see each other's data.
    static let runId = String(UUID().uuidString.prefix(8)).lowercased()

    private static func url(_ name: String) -> URL? {
        value(name).flatMap { URL(string: $0) }
    }

    private static func value(_ name: String) -> String? {
        if let value = ProcessInfo.processInfo.environment[name] { return value }
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../.build-servers/servers.env")
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(name + "=") {
            return String(line.dropFirst(name.count + 1))
        }
        return nil
    }
}

extension LiveServers {
    /// A client for `root` through `transport`, reading into the classes `register` registers (a generated model's
    /// `GeneratedEntities.register(in:)`).
    static func client(_ root: URL, version: ODataVersion = .v4, transport: RecordingTransport,
                       register: (EntityRegistry) -> Void) -> ODataClient {
        let registry = EntityRegistry()
        register(registry)
        return ODataClient(ODataClient.Configuration(serviceRoot: root, version: version, transport: transport, registry: registry))
    }
}

/// Sends through `URLSessionTransport` and keeps every request, to check what the client sent.
final class RecordingTransport: HTTPTransport, @unchecked Sendable {
    private let inner = URLSessionTransport(timeout: 30)
    private let lock = NSLock()
    private var recorded: [HTTPRequest] = []

    var requests: [HTTPRequest] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        record(request)
        return try await inner.send(request)
    }

    func download(_ request: HTTPRequest, into directory: URL, progress: TransferProgress.Handler?) async throws -> HTTPResponse {
        record(request)
        return try await inner.download(request, into: directory, progress: progress)
    }

    func upload(_ request: HTTPRequest, fromFile file: URL, progress: TransferProgress.Handler?) async throws -> HTTPResponse {
        record(request)
        return try await inner.upload(request, fromFile: file, progress: progress)
    }

    private func record(_ request: HTTPRequest) {
        lock.lock()
        defer { lock.unlock() }
        recorded.append(request)
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
