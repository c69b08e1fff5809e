import Foundation
import MobileSdk

/// `xs:dateTime` as the organization service writes and reads it: UTC with a `Z` when sending; when reading, any
/// offset, fractional seconds, and no zone at all (read as UTC, as the service means it).
enum DataContractDates {
    /// `2024-05-01T08:30:00Z`, with fractional seconds when there are some.
    static func text(_ date: Date) -> String {
        let whole = date.timeIntervalSince1970.rounded(.down) == date.timeIntervalSince1970
        let style = Date.ISO8601FormatStyle(
            includingFractionalSeconds: !whole,
            timeZone: TimeZone(identifier: "UTC") ?? .gmt
        )
        return date.formatted(style)
    }

    /// A date-only value at midnight, without a zone: `2024-05-01T00:00:00`.
    static func text(_ date: DateOnly) -> String {
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(date.year, 4))-\(padded(date.month, 2))-\(padded(date.day, 2))T00:00:00"
    }

    /// The date an `xs:dateTime` names; nil when it is not one.
    static func date(_ text: String) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let zoned = trimmed.hasSuffix("Z") || trimmed.range(of: #"[+-]\d\d:\d\d$"#, options: .regularExpression) != nil
        let full = zoned ? trimmed : trimmed + "Z"
        for fractional in [false, true] {
            let style = Date.ISO8601FormatStyle(includingFractionalSeconds: fractional)
            if let date = try? style.parse(full) { return date }
        }
        return nil
    }
}
