import Foundation
import MobileSdkClient
import TestSupport
import Testing

/// The rules ServiceAccess holds once, each run with one table of cases through both of their users — `mobilesdkgen
/// fetch` and the client (`ODataClient`, `OAuth2Authentication`) — against a server answering as the case says:
/// plain http, token endpoint answers, origins, throttling. Each case says what both must do.
@Suite(.enabled(if: BuiltTool.executable != nil, "the mobilesdkgen executable is not built beside the tests"))
struct SharedRulesTests {
    /// What a sign-in came to, as either side shows it.
    enum Outcome: Equatable, CustomStringConvertible {
        /// A token was issued and used.
        case issued
        /// Refused before any request: plain http to another machine.
        case insecure
        /// The endpoint's OAuth error, by code.
        case refused(String)
        /// A success that is not a token.
        case unreadable
        /// Another status, without an OAuth error.
        case failed(Int)
        /// Nothing answered.
        case unreachable

        var description: String {
            switch self {
            case .issued: "issued"
            case .insecure: "insecure"
            case .refused(let code): "refused(\(code))"
            case .unreadable: "unreadable"
            case .failed(let status): "failed(\(status))"
            case .unreachable: "unreachable"
            }
        }
    }

    /// Token endpoints on other hosts: plain http only to this machine (an address of 127.0.0.0/8, `localhost`;
    /// `::1` too, which ServiceAccessTests shows: FoundationNetworking sends nothing to an IPv6 literal, `badURL`).
    /// Port 9 is the discard port, closed here, so an allowed URL is unreachable rather than refused.
    static let endpointCases: [(url: String, outcome: Outcome)] = [
        ("http://127.0.0.1:9/token", .unreachable), ("http://127.8.9.10:9/token", .unreachable),
        ("http://localhost:9/token", .unreachable), ("https://127.0.0.1:9/token", .unreachable),
        ("http://192.0.2.1/token", .insecure), ("http://login.example.com/token", .insecure),
        ("http://127.0.0.1.example.com/token", .insecure),
    ]

    /// Token endpoint answers (RFC 6749 §5): one status, body and challenge each.
    static let answerCases: [(name: String, answer: CannedHTTPServer.Answer, outcome: Outcome)] = [
        ("a token", json(200, #"{"access_token": "t-1", "token_type": "Bearer", "expires_in": "3600"}"#), .issued),
        ("201 with a token", json(201, #"{"access_token": "t-2"}"#), .issued),
        ("no access_token", json(200, #"{"token_type": "Bearer"}"#), .unreadable),
        ("HTML", CannedHTTPServer.Answer(status: 200, body: Data("<html></html>".utf8)), .unreadable),
        (
            "an OAuth error", json(400, #"{"error": "invalid_client", "error_description": "no"}"#),
            .refused("invalid_client")
        ),
        (
            "an error in the challenge",
            CannedHTTPServer.Answer(
                status: 401,
                headerFields: [("WWW-Authenticate", #"Bearer error="invalid_token""#)]
            ), .refused("invalid_token")
        ),
        ("403 with an OAuth error", json(403, #"{"error": "unauthorized_client"}"#), .refused("unauthorized_client")),
        ("400 without an OAuth error", json(400, #"{"message": "bad"}"#), .failed(400)),
        ("a server error", json(500, #"{"error": "server_error"}"#), .failed(500)),
    ]

    static func json(_ status: Int, _ body: String) -> CannedHTTPServer.Answer {
        CannedHTTPServer.Answer(
            status: status,
            headerFields: [("Content-Type", "application/json")],
            body: Data(body.utf8)
        )
    }

    @Test func plainHTTPIsAllowedToThisMachineOnly() async throws {
        for item in Self.endpointCases {
            let url = try #require(URL(string: item.url))
            let tool = try toolOutcome(
                tokenURL: url,
                service: url.deletingLastPathComponent().appendingPathComponent("svc")
            )
            let client = await clientOutcome(tokenURL: url)
            #expect(tool == item.outcome && client == item.outcome, "\(item.url): tool \(tool), client \(client)")
        }
    }

    @Test func tokenEndpointAnswersAreReadAlike() async throws {
        for item in Self.answerCases {
            let server = try CannedHTTPServer(answering: item.answer)
            defer { server.stop() }
            let tokenURL = server.url.appendingPathComponent("token")
            let tool = try toolOutcome(tokenURL: tokenURL, service: server.url.appendingPathComponent("svc"))
            let client = await clientOutcome(tokenURL: tokenURL)
            #expect(tool == item.outcome && client == item.outcome, "\(item.name): tool \(tool), client \(client)")
            // Only a token leads the tool on to the service.
            let asked = server.requestLines.contains { $0.hasPrefix("GET /svc/") }
            #expect(asked == (item.outcome == .issued), "\(item.name): \(server.requestLines)")
        }
    }

    /// Where a request may go with the service's credentials (`{port}`: the service's port): the same scheme, host and
    /// port as the service (letter case aside).
    /// The tool follows a redirect there, the client sends a request there; elsewhere both refuse.
    static let originCases: [(target: String, sameOrigin: Bool)] = [
        ("http://127.0.0.1:{port}/svc/other", true), ("HTTP://127.0.0.1:{port}/elsewhere", true),
        ("http://localhost:{port}/svc/other", false), ("http://127.0.0.1:9/svc/other", false),
        ("https://127.0.0.1:{port}/svc/other", false),
    ]

    /// A throttled answer's `Retry-After` (RFC 9110 §10.2.3): seconds or an HTTP date in any of its three forms (one
    /// in the past asks for no wait); unreadable, a back-off; longer than either side waits, the answer stands.
    static let throttlingCases: [(status: Int, retryAfter: String?, retried: Bool)] = [
        (429, "0", true), (503, "Wed, 21 Oct 2015 07:28:00 GMT", true), (429, "Sunday, 06-Nov-94 08:49:37 GMT", true),
        (429, "Sun Nov  6 08:49:37 1994", true), (503, nil, true), (429, "soon", true), (429, "86400", false),
    ]

    @Test func credentialsGoToTheServiceItselfOnly() async throws {
        for item in Self.originCases {
            let server = try CannedHTTPServer(answering: [
                CannedHTTPServer.Answer(status: 302, headerFields: [("Location", item.target)]),
                CannedHTTPServer.Answer(status: 200, body: Data("<edmx:Edmx/>".utf8)),
            ])
            defer { server.stop() }
            let target = item.target.replacingOccurrences(of: "{port}", with: "\(server.port)")
            let tool = try BuiltTool.run([
                "fetch", server.url.appendingPathComponent("svc").absoluteString, "--header", "Authorization: x",
                "--timeout", "5", "-o", try Paths.temporaryDirectory().path,
            ])
            // Counted on the server too: `localhost` reaches it, so a wrong "follow" or "send" would show there.
            let toolRefused = tool.errors.contains("redirects to another host")
            let toolRequests = server.requestLines.count
            let client = ODataClient(
                serviceRoot: server.url.appendingPathComponent("svc"),
                authentication: BearerTokenAuthentication { _ in "x" }
            )
            var clientRefused = false
            do { _ = try await client.send(HTTPRequest(method: "GET", url: try #require(URL(string: target)))) } catch {
                if case ODataClientError.foreignHost = error { clientRefused = true }
            }
            let clientRequests = server.requestLines.count - toolRequests
            let expected = item.sameOrigin ? (false, 2, false, 1) : (true, 1, true, 0)
            #expect(
                (toolRefused, toolRequests, clientRefused, clientRequests) == expected,
                "\(target): tool refused \(toolRefused) (\(tool.errors)), client refused \(clientRefused); \(server.requestLines)"
            )
        }
    }

    @Test func throttledRequestsAreRetriedAlike() async throws {
        for item in Self.throttlingCases {
            let throttled = CannedHTTPServer.Answer(
                status: item.status,
                headerFields: item.retryAfter.map { [("Retry-After", $0)] } ?? []
            )
            let answers = [throttled, CannedHTTPServer.Answer(status: 200, body: Data("<edmx:Edmx/>".utf8))]
            let toolServer = try CannedHTTPServer(answering: answers)
            defer { toolServer.stop() }
            _ = try BuiltTool.run([
                "fetch", toolServer.url.appendingPathComponent("svc").absoluteString, "--timeout", "5", "-o",
                try Paths.temporaryDirectory().path,
            ])
            let clientServer = try CannedHTTPServer(answering: answers)
            defer { clientServer.stop() }
            let root = clientServer.url.appendingPathComponent("svc")
            _ = try? await ODataClient(serviceRoot: root)
                .send(HTTPRequest(method: "GET", url: root.appendingPathComponent("People")))
            let toolRetried = toolServer.requestLines.count == 2
            let clientRetried = clientServer.requestLines.count == 2
            #expect(
                toolRetried == item.retried && clientRetried == item.retried,
                "\(item.status) \(item.retryAfter ?? "-"): tool \(toolServer.requestLines), client \(clientServer.requestLines)"
            )
        }
    }

    /// `fetch` with client credentials; an issued token sends it on to the service, whose answer is then no concern.
    private func toolOutcome(tokenURL: URL, service: URL) throws -> Outcome {
        let output = try Paths.temporaryDirectory()
        let result = try BuiltTool.run(
            [
                "fetch", service.absoluteString, "--client-id", "app", "--client-secret-env", "RULES_SECRET",
                "--token-url", tokenURL.absoluteString, "--scope", "odata", "--timeout", "5", "-o", output.path,
            ],
            environment: ["RULES_SECRET": "s", "XDG_CACHE_HOME": output.path]
        )
        let errors = result.errors
        if errors.contains("must use https") { return .insecure }
        if let code = errors.firstMatch(of: /refused the client credentials: ([a-z_]+)/)?.1 {
            return .refused(String(code))
        }
        if errors.contains("not what OAuth 2.0 specifies") { return .unreadable }
        if let status = errors.firstMatch(of: /token endpoint \S+ answered (\d{3})/)?.1 {
            return .failed(Int(status) ?? 0)
        }
        if errors.contains("cannot reach ") { return .unreachable }
        return errors.contains("token endpoint") ? .failed(-1) : .issued
    }

    private func clientOutcome(tokenURL: URL) async -> Outcome {
        let authentication = OAuth2Authentication(
            tokenEndpoint: tokenURL,
            grant: .clientCredentials(clientID: "app", clientSecret: "s"),
            scope: "odata"
        )
        var request = HTTPRequest(method: "GET", url: tokenURL)
        do {
            try await authentication.authenticate(&request, refresh: false)
            return request[header: "Authorization"]?.hasPrefix("Bearer t-") == true ? .issued : .failed(-1)
        } catch ODataClientError.insecureURL { return .insecure } catch ODataClientError.authenticationFailed(
            let status,
            let reason
        ) {
            if reason.contains("no access_token") { return .unreadable }
            if let code = reason.firstMatch(of: /^([a-z_]+)/)?.1 { return .refused(String(code)) }
            return .failed(status)
        } catch let error as ODataClientError where error.isUnreachable { return .unreachable } catch {
            return .failed(-2)
        }
    }
}
