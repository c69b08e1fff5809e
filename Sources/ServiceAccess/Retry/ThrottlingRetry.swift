import Foundation

/// When a request the service throttled — 429 Too Many Requests, 503 Service Unavailable — is tried again: after the
/// wait its `Retry-After` asks for, else after a back-off doubling from `initialDelay`; at most `maximumRetries` times;
/// never after a wait longer than `maximumDelay` (the caller reports the service's answer instead). The one rule of the
/// client and the command-line tool.
package struct ThrottlingRetry: Sendable, Equatable {
    /// How many times a throttled request is tried again after its first attempt.
    package var maximumRetries: Int
    /// The first back-off in seconds when there is no `Retry-After`; doubled on each retry.
    package var initialDelay: TimeInterval
    /// The longest wait in seconds: back-offs stop growing at it, and a longer `Retry-After` is not waited for.
    package var maximumDelay: TimeInterval

    /// Creates a rule from its retry count and its delays, in seconds.
    package init(maximumRetries: Int, initialDelay: TimeInterval, maximumDelay: TimeInterval) {
        self.maximumRetries = maximumRetries
        self.initialDelay = initialDelay
        self.maximumDelay = maximumDelay
    }

    /// Whether a status is one this rule retries.
    package static func isThrottled(_ status: Int) -> Bool { status == 429 || status == 503 }

    /// The wait before retry number `attempt + 1` of a throttled answer with this `Retry-After`; nil when it is not
    /// retried (not throttled, retries used up, or asked to wait longer than `maximumDelay`).
    package func delay(status: Int, retryAfter: String?, attempt: Int) -> TimeInterval? {
        guard Self.isThrottled(status) else { return nil }
        return delay(asked: retryAfter.flatMap { RetryAfter.delay($0) }, attempt: attempt)
    }

    /// The wait before retry number `attempt + 1` of a throttled answer that asked for a wait of `asked` seconds
    /// (nil: it named none, so back off) — a `Retry-After` already read, or a SOAP fault's own; nil when it is not
    /// retried (retries used up, or asked to wait longer than `maximumDelay`).
    package func delay(asked: TimeInterval?, attempt: Int) -> TimeInterval? {
        guard attempt < maximumRetries else { return nil }
        let delay = asked ?? backoff(attempt: attempt)
        return delay <= maximumDelay ? delay : nil
    }

    /// The back-off before retry number `attempt + 1`: `initialDelay` doubled `attempt` times, at most `maximumDelay`.
    package func backoff(attempt: Int) -> TimeInterval { min(maximumDelay, initialDelay * pow(2, Double(attempt))) }
}
