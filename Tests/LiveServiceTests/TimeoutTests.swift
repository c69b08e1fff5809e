import Foundation
import MobileSdk
import MobileSdkClient
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

    init() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(listener, 8) == 0 else {
            Glibc.close(listener)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        descriptor = listener
        port = UInt16(bigEndian: address.sin_port)
    }

    func close() { Glibc.close(descriptor) }
}
