/// A time of day without a date or time zone: `Edm.TimeOfDay`.
public struct TimeOfDay: Hashable, Sendable {
    /// 0 to 23.
    public var hour: Int
    /// 0 to 59.
    public var minute: Int
    /// 0 to 59.
    public var second: Int
    /// 0 to 999,999,999.
    public var nanosecond: Int

    /// Creates a time from its fields as given: unlike `init?(_:)`, it does not check their ranges.
    public init(hour: Int, minute: Int, second: Int, nanosecond: Int = 0) {
        self.hour = hour
        self.minute = minute
        self.second = second
        self.nanosecond = nanosecond
    }

    /// Parses `hh:mm:ss` with an optional fraction of up to 12 digits (`hh:mm` alone is accepted too, as in OData);
    /// nil for anything else or a field out of range. Digits beyond nanoseconds are dropped.
    public init?(_ text: String) {
        let fields = text.split(separator: ":", omittingEmptySubsequences: false)
        guard fields.count == 2 || fields.count == 3, let hour = fields[0].asciiDigitsValue(width: 2), hour < 24,
            let minute = fields[1].asciiDigitsValue(width: 2), minute < 60
        else { return nil }
        guard fields.count == 3 else {
            self.init(hour: hour, minute: minute, second: 0)
            return
        }
        let secondParts = fields[2].split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let second = secondParts[0].asciiDigitsValue(width: 2), second < 60 else { return nil }
        var nanosecond = 0
        if secondParts.count == 2 {
            let fraction = secondParts[1]
            guard (1...12).contains(fraction.count), fraction.asciiDigitsValue != nil,
                let value = fraction.prefix(9).asciiDigitsValue
            else { return nil }
            nanosecond = (min(fraction.count, 9)..<9).reduce(value) { scaled, _ in scaled * 10 }
        }
        self.init(hour: hour, minute: minute, second: second, nanosecond: nanosecond)
    }
}

extension TimeOfDay: Comparable {
    /// Whether `lhs` is the earlier time: compares the hours, then the minutes, seconds and nanoseconds.
    public static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool {
        (lhs.hour, lhs.minute, lhs.second, lhs.nanosecond) < (rhs.hour, rhs.minute, rhs.second, rhs.nanosecond)
    }
}

extension TimeOfDay: CustomStringConvertible {
    /// `hh:mm:ss`, followed by `.` and the fraction without trailing zeros when there is one.
    public var description: String {
        var text = zeroPadded(hour, width: 2) + ":" + zeroPadded(minute, width: 2) + ":" + zeroPadded(second, width: 2)
        if nanosecond != 0 {
            var fraction = Substring(zeroPadded(nanosecond, width: 9))
            while fraction.last == "0" { fraction = fraction.dropLast() }
            text += "." + fraction
        }
        return text
    }
}

extension TimeOfDay: AttributeValueConvertible {
    /// Reads `.timeOfDay`.
    public init?(attributeValue: AttributeValue) {
        guard case .timeOfDay(let value) = attributeValue else { return nil }
        self = value
    }

    /// The value as `.timeOfDay` (`Edm.TimeOfDay`).
    public var attributeValue: AttributeValue { .timeOfDay(self) }
}
