import Foundation

/// Dates in the HTTP form (IMF-fixdate, `Sun, 06 Nov 1994 08:49:37 GMT`), which `Repeatability-First-Sent` and SAP
/// Gateway's `RepeatabilityCreation` take.
enum HTTPDate {
    static func format(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }
}
