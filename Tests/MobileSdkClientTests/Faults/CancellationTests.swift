import DataverseModel
import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkTesting
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Cancelling the task stops the client: during a retry wait, and when the transport reports a cancelled request.
struct CancellationTests {
    @Test func cancellingDuringARetryWaitStops() async throws {
        let delays = RecordedDelays()
        let waitedOut = RecordedDelays()
        let transport = ScriptedTransport(
            .payload("dataverse-error-throttled", status: 429, headers: ["Retry-After": "30"]),
            .payload("dataverse-account")
        )
        let policy = RetryPolicy(maximumRetries: 3, maximumDelay: 60) { delay in
            delays.record(delay)
            try await Task.sleep(nanoseconds: UInt64(delay * 1_000_000_000))
            waitedOut.record(delay)  // reached only when the wait was not cut short
        }
        let client = TestClients.dataverse(transport, retryPolicy: policy)
        let task = Task { try await client.retrieve(Account.self, id: IDs.account).name }

        // Wait (bounded) until the client is waiting to retry.
        for _ in 0..<500 where delays.recorded.isEmpty { try await Task.sleep(nanoseconds: 10_000_000) }
        #expect(delays.recorded == [30])
        task.cancel()
        let result = await task.result
        // The wait ended by cancellation rather than by running its 30 s (a clock would also measure how busy the
        // machine's other tests keep the cooperative threads).
        #expect(waitedOut.recorded.isEmpty)
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(transport.requests.count == 1)
    }

    @Test func aCancelledTaskSendsNothing() async throws {
        let transport = ScriptedTransport(.payload("dataverse-account"))
        let client = TestClients.dataverse(transport)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await client.retrieve(Account.self, id: IDs.account).name
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(transport.requests.isEmpty)
    }

    @Test func aCancelledURLRequestIsACancellationError() async throws {
        let delays = RecordedDelays()
        let transport = ScriptedTransport(.failure(URLError(.cancelled)), .payload("dataverse-account"))
        let client = TestClients.dataverse(transport, retryPolicy: delays.policy())
        await #expect(throws: CancellationError.self) { try await client.retrieve(Account.self, id: IDs.account) }
        #expect(transport.requests.count == 1)
        #expect(delays.recorded.isEmpty)
    }
}
