import Foundation

/// Dates in HTTP's form (RFC 9110 §5.6.7, IMF-fixdate: `Sun, 06 Nov 1994 08:49:37 GMT`), which `Retry-After`,
/// `Repeatability-First-Sent` and SAP Gateway's `RepeatabilityCreation` carry.
package enum HTTPDate {
    /// `date` as an IMF-fixdate.
    package static func format(_ date: Date) -> String {
        formatter("EEE, dd MMM yyyy HH:mm:ss 'GMT'").string(from: date)
    }

    /// The date `text` gives, or nil when it is not an HTTP date.
    package static func parse(_ text: String) -> Date? { formatter("EEE, dd MMM yyyy HH:mm:ss zzz").date(from: text) }

    private static func formatter(_ format: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = format
        return formatter
    }
}
