import Foundation

extension TimeOfDay {
    /// What clocks in `timeZone` read at `date`, to the nanosecond as far as `Date` holds it (within a microsecond
    /// for the years 1729 to 2273): `TimeOfDay(.now, timeZone: .gmt)`.
    public init(_ date: Date, timeZone: TimeZone = .current) {
        let (_, secondOfDay, nanosecond) = timeZone.wallClock(at: date)
        self.init(
            hour: secondOfDay / 3600,
            minute: secondOfDay / 60 % 60,
            second: secondOfDay % 60,
            nanosecond: nanosecond
        )
    }

    /// This time on `day` in `timeZone`: `TimeOfDay(hour: 9, minute: 30, second: 0).date(on: DateOnly(.now))`.
    ///
    /// A time that occurs twice as clocks go back gives its first instant; one skipped as clocks go forward moves
    /// forward by the gap, as Foundation's `Calendar` does (02:30 on a day that jumps from 02:00 to 03:00 gives 03:30).
    /// Nil unless each field is in range and `day` is one `DateOnly.date(timeZone:)` accepts.
    public func date(on day: DateOnly, timeZone: TimeZone = .current) -> Date? {
        guard (0..<24).contains(hour), (0..<60).contains(minute), (0..<60).contains(second),
            (0..<1_000_000_000).contains(nanosecond), let days = day.daysSince1970
        else { return nil }
        let reading = days * 86_400 + hour * 3600 + minute * 60 + second
        return Date(timeIntervalSince1970: Double(timeZone.instant(atReading: reading)) + Double(nanosecond) / 1e9)
    }
}

/// Wall-clock readings and instants, in whole seconds since 1970-01-01 00:00 (on the zone's clocks, and on UTC's).
extension TimeZone {
    /// What clocks here read at `date`: days since 1970-01-01 on those clocks, the second of that day and the
    /// nanosecond of that second. Dates beyond 2^53 seconds either side of 2001 (about 285 million years, past which
    /// `Date` no longer holds whole seconds) read as that limit, and NaN as the earlier one.
    func wallClock(at date: Date) -> (day: Int, second: Int, nanosecond: Int) {
        let interval = Double.minimum(Double.maximum(date.timeIntervalSinceReferenceDate, -0x1p53), 0x1p53)
        let whole = interval.rounded(.down)
        let reading = reading(atInstant: Int(whole) + 978_307_200)
        let second = (reading % 86_400 + 86_400) % 86_400
        // A fraction a hair below one second can round up to a whole one once scaled.
        return ((reading - second) / 86_400, second, min(Int((interval - whole) * 1e9), 999_999_999))
    }

    /// What clocks here read at `instant`.
    func reading(atInstant instant: Int) -> Int { instant + offset(at: instant) }

    /// The instant at which clocks here read `reading`. A reading that occurs twice gives the earlier instant; one
    /// skipped by a gap is taken with the offset from before the gap, which moves it forward by the gap's length. This
    /// relies on offsets changing at most once in any two days, true of every zone in the tz database.
    func instant(atReading reading: Int) -> Int {
        let before = offset(at: reading - 86_400)
        let after = offset(at: reading + 86_400)
        let early = reading - before
        let late = reading - after
        return offset(at: early) != before && offset(at: late) == after ? late : early
    }

    private func offset(at instant: Int) -> Int { secondsFromGMT(for: Date(timeIntervalSince1970: Double(instant))) }
}
