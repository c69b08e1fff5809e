/// A calendar date without a time or time zone: `Edm.Date`, and Dynamics "date only" attributes.
public struct DateOnly: Hashable, Sendable {
    /// The proleptic Gregorian year; year 0 is 1 BC, as in ISO 8601 and OData.
    public var year: Int
    /// 1 to 12.
    public var month: Int
    /// 1 to the number of days in the month.
    public var day: Int

    /// Creates a date from its fields as given: unlike `init?(_:)`, it does not check that they name a real date.
    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses `YYYY-MM-DD` (a longer or negative year is allowed, as in OData); nil unless it names a real date.
    public init?(_ text: String) {
        var rest = Substring(text)
        let negative = rest.first == "-"
        if negative { rest = rest.dropFirst() }
        let fields = rest.split(separator: "-", omittingEmptySubsequences: false)
        guard fields.count == 3, fields[0].count == 4 || (fields[0].count > 4 && fields[0].first != "0"),
            let year = fields[0].asciiDigitsValue, let month = fields[1].asciiDigitsValue(width: 2),
            let day = fields[2].asciiDigitsValue(width: 2), (1...12).contains(month),
            (1...Self.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        self.init(year: negative ? -year : year, month: month, day: day)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}

extension DateOnly: Comparable {
    /// Whether `lhs` is the earlier date: compares the years, then the months, then the days.
    public static func < (lhs: DateOnly, rhs: DateOnly) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
}

extension DateOnly: CustomStringConvertible {
    /// `YYYY-MM-DD`, with a leading `-` for negative years.
    public var description: String {
        (year < 0 ? "-" : "") + zeroPadded(year.magnitude, width: 4) + "-" + zeroPadded(month, width: 2) + "-"
            + zeroPadded(day, width: 2)
    }
}

extension DateOnly: AttributeValueConvertible {
    /// Reads `.date`.
    public init?(attributeValue: AttributeValue) {
        guard case .date(let value) = attributeValue else { return nil }
        self = value
    }

    /// The value as `.date` (`Edm.Date`).
    public var attributeValue: AttributeValue { .date(self) }
}
