import Foundation
import MobileSdk
import MobileSdkClient
import Synchronization
import TestSupport
import Testing

/// The middleware chain over a real connection to a server that asks for a token: every attempt logged, the token
/// never, and headers a middleware adds reaching the server.
@Suite(.enabled(if: LiveServers.secured != nil || LiveServers.required, LiveServers.skipMessage))
struct MiddlewareLiveTests {
    final class Lines: Sendable {
        private let lines = Mutex<[String]>([])
        var all: [String] { lines.withLock { $0 } }
        func append(_ line: String) { lines.withLock { $0.append(line) } }
    }

    @Test func attemptsAreLoggedWithoutTheToken() async throws {
        let root = try #require(LiveServers.secured, LiveServers.skipMessage)
        let token = try #require(TestServers.value(.securedToken), LiveServers.skipMessage)
        let refreshed = Mutex(false)
        let lines = Lines()
        var configuration = ODataClient.Configuration(
            serviceRoot: root,
            authentication: BearerTokenAuthentication { refresh in
                // The first token is refused; the refreshed one is the server's.
                refreshed.withLock { $0 = $0 || refresh }
                return refresh ? token : "stale-" + token
            }
        )
        configuration.middlewares = [LoggingMiddleware(headers: true) { lines.append($0) }]
        let client = ODataClient(configuration).adding(RequestHeaders(["Prefer": "odata.maxpagesize=2"]))
        _ = try await client.retrieveMultiple(Entity.self, query: ODataQuery(), entitySet: "People")
        #expect(refreshed.withLock { $0 })
        let log = lines.all
        // The logging middleware is outside the one adding the header: it sees the server's answer to it.
        #expect(log.contains { $0.contains("Preference-Applied: odata.maxpagesize=2") }, "\(log)")
        #expect(log.filter { $0.hasPrefix("→ GET") }.count == 2)
        #expect(log.contains { $0.hasPrefix("← 401 GET") } && log.contains { $0.hasPrefix("← 200 GET") })
        #expect(!log.joined().contains(token))
        #expect(log.joined().contains("Authorization: <redacted>"))
    }
}
