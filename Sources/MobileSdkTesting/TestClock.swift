import Foundation
import MobileSdkClient

/// A clock for the waits of a test: the client's retries sleep on it instead of `Task.sleep` (through
/// ``retryPolicy(maximumRetries:initialDelay:maximumDelay:retriesUnreachable:)``), so that a test of throttling or
/// back-off runs at once and can check the waits asked for.
///
/// A clock that advances by itself (the default) records each wait, moves its time on by it and returns at once.
/// One that does not keeps each sleeper waiting until ``advance(by:)`` moves its time past the sleeper's deadline,
/// for tests that look at what happens during a wait.
public final class TestClock: @unchecked Sendable {
    private struct Sleeper {
        var deadline: TimeInterval
        var continuation: CheckedContinuation<Void, any Error>
    }

    private let lock = NSLock()
    private let advancesBySleeping: Bool
    private var time: TimeInterval = 0
    private var recordedWaits: [TimeInterval] = []
    private var sleepers: [UInt64: Sleeper] = [:]
    private var cancelled: Set<UInt64> = []
    private var nextSleeper: UInt64 = 0

    /// Creates a clock at time 0 whose sleeps return at once when `advancesBySleeping` is set (the default), and
    /// otherwise wait for ``advance(by:)``.
    public init(advancesBySleeping: Bool = true) { self.advancesBySleeping = advancesBySleeping }

    /// The seconds the clock has advanced since it was created.
    public var now: TimeInterval { locked { time } }

    /// The waits asked for, in seconds, in order.
    public var waits: [TimeInterval] { locked { recordedWaits } }

    /// How many sleeps are waiting for ``advance(by:)``.
    public var pendingSleeps: Int { locked { sleepers.count } }

    /// Records a wait of `seconds`, then returns once the clock has advanced by them: at once on a clock that
    /// advances by sleeping. Throws `CancellationError` when the task is cancelled, as `Task.sleep` does.
    public func sleep(_ seconds: TimeInterval) async throws {
        try Task.checkCancellation()
        let id: UInt64? = locked {
            recordedWaits.append(seconds)
            if advancesBySleeping {
                time += max(0, seconds)
                return nil
            }
            nextSleeper += 1
            return nextSleeper
        }
        guard let id else { return }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome: Result<Void, any Error>? = locked {
                    if cancelled.remove(id) != nil { return .failure(CancellationError()) }
                    if seconds <= 0 { return .success(()) }
                    sleepers[id] = Sleeper(deadline: time + seconds, continuation: continuation)
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let sleeper: Sleeper? = locked {
                guard let sleeper = sleepers.removeValue(forKey: id) else {
                    cancelled.insert(id)
                    return nil
                }
                return sleeper
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the clock on by `seconds` and wakes the sleeps whose deadline that reaches, earliest first.
    public func advance(by seconds: TimeInterval) {
        let due: [Sleeper] = locked {
            time += max(0, seconds)
            let ids = sleepers.filter { $0.value.deadline <= time }
                .sorted { ($0.value.deadline, $0.key) < ($1.value.deadline, $1.key) }.map(\.key)
            return ids.compactMap { sleepers.removeValue(forKey: $0) }
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// A retry policy whose waits are this clock's sleeps; the other parameters are `RetryPolicy`'s.
    public func retryPolicy(
        maximumRetries: Int = 3,
        initialDelay: TimeInterval = 1,
        maximumDelay: TimeInterval = 60,
        retriesUnreachable: Bool = false
    ) -> RetryPolicy {
        RetryPolicy(
            maximumRetries: maximumRetries,
            initialDelay: initialDelay,
            maximumDelay: maximumDelay,
            retriesUnreachable: retriesUnreachable
        ) { [self] seconds in try await sleep(seconds) }
    }

    private func locked<Result>(_ body: () -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}
