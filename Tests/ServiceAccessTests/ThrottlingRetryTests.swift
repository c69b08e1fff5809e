import Foundation
import ServiceAccess
import Testing

/// The one rule for throttled answers that the client's `RetryPolicy` and the tool's fetch follow.
struct ThrottlingRetryTests {
    private let rule = ThrottlingRetry(maximumRetries: 3, initialDelay: 1, maximumDelay: 30)

    @Test func retryAfterIsSecondsOrAnHTTPDate() {
        #expect(RetryAfter.delay("5") == 5)
        #expect(RetryAfter.delay(" 0 ") == 0)
        #expect(RetryAfter.delay("-3") == 0)
        let now = Date(timeIntervalSince1970: 784_111_777)  // Sun, 06 Nov 1994 08:49:37 GMT
        #expect(RetryAfter.delay("Sun, 06 Nov 1994 08:50:37 GMT", now: now) == 60)
        #expect(RetryAfter.delay("Sun, 06 Nov 1994 08:48:37 GMT", now: now) == 0)
        #expect(RetryAfter.delay("soon") == nil)
    }

    @Test func throttledAnswersWaitAsAskedElseBackOff() {
        #expect(rule.delay(status: 429, retryAfter: "2", attempt: 0) == 2)
        #expect(rule.delay(status: 503, retryAfter: nil, attempt: 0) == 1)
        #expect(rule.delay(status: 503, retryAfter: nil, attempt: 2) == 4)
        #expect(rule.delay(status: 429, retryAfter: "later", attempt: 1) == 2)
    }

    /// A wait given as a number (a SOAP fault's, read already) follows the same rule as a `Retry-After`.
    @Test func aWaitAlreadyReadFollowsTheSameRule() {
        #expect(rule.delay(asked: 2.5, attempt: 0) == 2.5)
        #expect(rule.delay(asked: nil, attempt: 2) == 4)
        #expect(rule.delay(asked: 31, attempt: 0) == nil)
        #expect(rule.delay(asked: 0, attempt: 3) == nil)
    }

    @Test func retriesAreBoundedInCountAndWait() {
        #expect(rule.delay(status: 429, retryAfter: "0", attempt: 3) == nil)
        #expect(rule.delay(status: 429, retryAfter: "31", attempt: 0) == nil)
        #expect(rule.delay(status: 500, retryAfter: "0", attempt: 0) == nil)
        #expect(rule.backoff(attempt: 10) == 30)
    }
}
