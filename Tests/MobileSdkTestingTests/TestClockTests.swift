import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkTesting
import Testing
import TripPinModel

/// Retries wait on the test clock: at once, with the waits recorded, or until the test advances it.
struct TestClockTests {
    @Test func throttledRequestsAreRetriedAtOnceWithTheWaitsRecorded() async throws {
        let transport = ScriptedTransport(
            .status(429, headers: ["Retry-After": "30"]),
            .status(503),
            .json(#"{"value":[]}"#)
        )
        let clock = TestClock()
        let started = ContinuousClock.now

        _ = try await Fixtures.client(transport, retryPolicy: clock.retryPolicy(initialDelay: 2))
            .retrieveMultiple(Query<Person>())

        // As Retry-After asks, then the back-off of a second retry: twice the initial delay.
        #expect(clock.waits == [30, 4])
        #expect(clock.now == 34)
        #expect(transport.requests.count == 3)
        #expect(ContinuousClock.now - started < .seconds(5))
    }

    @Test func aClockThatDoesNotAdvanceBySleepingWaitsForTheTest() async throws {
        let clock = TestClock(advancesBySleeping: false)
        let woke = Task {
            try await clock.sleep(10)
            return clock.now
        }
        while clock.pendingSleeps == 0 { await Task.yield() }

        clock.advance(by: 4)
        #expect(clock.pendingSleeps == 1)
        clock.advance(by: 6)

        #expect(try await woke.value == 10)
        #expect(clock.waits == [10])
    }

    @Test func aCancelledSleepThrows() async throws {
        let clock = TestClock(advancesBySleeping: false)
        let sleeping = Task { try await clock.sleep(5) }
        while clock.pendingSleeps == 0 { await Task.yield() }
        sleeping.cancel()
        await #expect(throws: CancellationError.self) { try await sleeping.value }
        #expect(clock.pendingSleeps == 0)
    }
}
