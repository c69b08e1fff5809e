import Foundation
import ServiceAccess

/// When the client tries a request again: after 429 Too Many Requests or 503 Service Unavailable (waiting as
/// `Retry-After` asks, or backing off), and after a dropped connection or timeout of a request that is safe to
/// repeat (GET, PUT, PATCH, DELETE). A bounded number of times; a wait longer than ``maximumDelay`` is not made.
///
/// A host that cannot be reached — offline, a name that does not resolve, a refused connection — is not tried
/// again unless ``retriesUnreachable`` is set: the request fails at once with
/// ``ODataClientError/unreachable(reason:request:)``.
public struct RetryPolicy: Sendable {
    /// How many times a request is tried again after its first attempt; 0 for never.
    public var maximumRetries: Int
    /// The first back-off when the service gives no `Retry-After`; doubled each time.
    public var initialDelay: TimeInterval
    /// The longest wait the client makes; a longer `Retry-After` fails at once with the service's error.
    public var maximumDelay: TimeInterval
    /// Waits; `Task.sleep` unless replaced (tests). Throws `CancellationError` when the task is cancelled.
    public var sleep: @Sendable (TimeInterval) async throws -> Void
    /// Whether a request to a host that cannot be reached is tried again, backing off as after a dropped
    /// connection (any request: nothing reached the service); false by default, so that an offline app learns at
    /// once.
    public var retriesUnreachable: Bool

    /// Creates a policy of at most `maximumRetries` retries, backing off from `initialDelay` seconds and never
    /// waiting longer than `maximumDelay` seconds (by default 3, 1 and 60), retrying unreachable hosts when
    /// `retriesUnreachable` is set; `sleep` waits, and tests may replace it.
    public init(
        maximumRetries: Int = 3,
        initialDelay: TimeInterval = 1,
        maximumDelay: TimeInterval = 60,
        retriesUnreachable: Bool = false,
        sleep: @escaping @Sendable (TimeInterval) async throws -> Void = {
            try await Task.sleep(nanoseconds: UInt64($0 * 1_000_000_000))
        }
    ) {
        self.maximumRetries = maximumRetries
        self.initialDelay = initialDelay
        self.maximumDelay = maximumDelay
        self.retriesUnreachable = retriesUnreachable
        self.sleep = sleep
    }

    /// No retries.
    public static let none = RetryPolicy(maximumRetries: 0)

    /// The rule for throttled answers, shared with the command-line tool and the organization service's client.
    package var throttling: ThrottlingRetry {
        ThrottlingRetry(maximumRetries: maximumRetries, initialDelay: initialDelay, maximumDelay: maximumDelay)
    }

    func backoff(attempt: Int) -> TimeInterval { throttling.backoff(attempt: attempt) }
}
