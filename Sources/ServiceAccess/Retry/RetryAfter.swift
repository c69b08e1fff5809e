import Foundation

/// The `Retry-After` header field (RFC 9110 §10.2.3): seconds, or an HTTP date.
package enum RetryAfter {
    /// The seconds `value` asks to wait from `now` (never negative); nil when it is neither form.
    package static func delay(_ value: String, now: Date = Date()) -> TimeInterval? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if let seconds = TimeInterval(text) { return seconds.isFinite ? max(0, seconds) : nil }
        return HTTPDate.parse(text).map { max(0, $0.timeIntervalSince(now)) }
    }
}
