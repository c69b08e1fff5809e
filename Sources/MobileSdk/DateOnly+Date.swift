import Foundation

extension DateOnly {
    /// The day `date` falls on in `timeZone`: `DateOnly(.now, timeZone: .gmt)`.
    ///
    /// Only the time zone decides: the result is the proleptic Gregorian date whatever calendar the app shows, so
    /// before 15 October 1582 it differs from what Foundation's `.gregorian` and `.iso8601` calendars show (Julian
    /// dates there).
    public init(_ date: Date, timeZone: TimeZone = .current) {
        let (year, month, day) = EdmText.civilFromDays(timeZone.wallClock(at: date).day)
        self.init(year: year, month: month, day: day)
    }

    /// The first instant of this day in `timeZone`: its midnight, or where a daylight-saving gap that skips midnight
    /// ends: `DateOnly(year: 2024, month: 2, day: 29).date(timeZone: .gmt)`.
    ///
    /// A day the zone skipped entirely (Pacific/Apia's 30 December 2011) gives the start of the next. Nil unless this
    /// is a real date within ±285 million years, the span in which `Date` holds every second exactly.
    public func date(timeZone: TimeZone = .current) -> Date? {
        guard let days = daysSince1970 else { return nil }
        let midnight = days * 86_400
        var upper = timeZone.instant(atReading: midnight)
        // Where midnight was skipped, `upper` reads later than midnight and the day starts where the gap ends, after
        // midnight taken with the offset from after the gap (`lower`): search for that change of offset to the second.
        var lower = upper - (timeZone.reading(atInstant: upper) - midnight)
        while upper - lower > 1 {
            let middle = lower + (upper - lower) / 2
            if timeZone.reading(atInstant: middle) >= midnight { upper = middle } else { lower = middle }
        }
        return Date(timeIntervalSince1970: Double(upper))
    }

    /// Days from 1970-01-01 to this date; nil unless it is a real date within ±285 million years.
    var daysSince1970: Int? {
        guard (-285_000_000...285_000_000).contains(year), (1...12).contains(month),
            (1...EdmText.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        return EdmText.daysFromCivil(year: year, month: month, day: day)
    }
}
