import Foundation
import MobileSdk
import MobileSdkClient
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A service that accepts the connection and never answers: the request ends with a timeout after the configured
/// time, retried as the policy allows, not hanging.
struct TimeoutTests {
    @Test func aSilentServiceTimesOut() async throws {
        let listener = try SilentListener()
        defer { listener.close() }
        let root = try #require(URL(string: "http://127.0.0.1:\(listener.port)/odata/"))
        let client = ODataClient(
            ODataClient.Configuration(
                serviceRoot: root,
                transport: URLSessionTransport(timeout: 1),
                retryPolicy: RetryPolicy(maximumRetries: 1, initialDelay: 0.1)
            )
        )
        let clock = ContinuousClock()
        let start = clock.now
        await #expect {
            try await client.retrieveMultiple(Entity.self, entitySet: "People", logicalName: "Person")
        } throws: { error in (error as? URLError)?.code == .timedOut }
        let elapsed = clock.now - start
        // Two attempts of a second each, then the error; the upper bound only tells "ended" from "hung": alone it
        // takes 2.1 s, but in the full run, with two cooperative threads shared by a thousand tests, it has taken 124 s.
        #expect(
            elapsed >= .seconds(2) && elapsed < .seconds(600),
            "two attempts of one second each, then the error: \(elapsed)"
        )
    }
}

/// A TCP socket on 127.0.0.1 that listens but never accepts: connections complete in the kernel's backlog and then
/// get no answer.
private final class SilentListener {
    let port: UInt16
    private let descriptor: Int32

    init() throws { (descriptor, port) = try LoopbackSocket.listen(backlog: 8) }

    func close() { Glibc.close(descriptor) }
}
