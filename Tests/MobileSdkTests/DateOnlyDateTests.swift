import Foundation
import MobileSdk
import Testing

/// Expected instants are Unix timestamps worked out apart from the code under test (Python's `zoneinfo`, or whole
/// days counted from 0001-01-01T00:00:00Z = -62135596800).
struct DateOnlyDateTests {
    static let zones = [
        "UTC", "America/New_York", "America/Sao_Paulo", "Pacific/Pago_Pago", "Asia/Kolkata", "Asia/Kathmandu",
        "Australia/Lord_Howe", "Pacific/Kiritimati",
    ]
    static let days = [
        day(2024, 2, 29), day(2024, 3, 10), day(2024, 11, 3), day(2018, 11, 4), day(2019, 2, 17), day(1970, 1, 1),
        day(1582, 10, 10), day(1, 1, 1), day(0, 2, 29), day(-44, 3, 15), day(9999, 12, 31),
    ]
    static let fiveHoursWest = TimeZone(secondsFromGMT: -5 * 3600)

    @Test(arguments: zones, days) func roundTripsThroughTheFirstInstantOfTheDay(zoneName: String, day: DateOnly) throws
    {
        let zone = try TimeZone.named(zoneName)
        let start = try #require(day.date(timeZone: zone))
        #expect(DateOnly(start, timeZone: zone) == day)
        #expect(DateOnly(start.addingTimeInterval(-1), timeZone: zone) < day)
    }

    @Test(arguments: ["America/Sao_Paulo", "Australia/Lord_Howe", "Europe/London"])
    func everyDayOfTwoYearsStartsWhereThePreviousEnds(zoneName: String) throws {
        let zone = try TimeZone.named(zoneName)
        // Noon UTC on each day from 2018-01-01 (1514808000) to 2019-12-31.
        let days = (0..<730).map { DateOnly(unix(1_514_808_000 + Double($0) * 86_400), timeZone: .gmt) }
        let starts = try days.map { try #require($0.date(timeZone: zone)) }
        for (day, start) in zip(days, starts) { #expect(DateOnly(start, timeZone: zone) == day) }
        for (start, next) in zip(starts, starts.dropFirst()) {
            // 23 to 25 hours, or 23.5 to 24.5 on Lord Howe Island.
            #expect((82_800...90_000).contains(next.timeIntervalSince(start)), "\(start) to \(next)")
        }
    }

    @Test func startsAtMidnightInTheZone() throws {
        let leapDay = Self.day(2024, 2, 29)
        #expect(leapDay.date(timeZone: .gmt) == unix(1_709_164_800))
        #expect(leapDay.date(timeZone: try .named("Asia/Kolkata")) == unix(1_709_145_000))
        #expect(leapDay.date(timeZone: try #require(Self.fiveHoursWest)) == unix(1_709_182_800))
    }

    @Test func theDayDependsOnTheZone() throws {
        // 2024-03-10T04:30:00Z: 23:30 the evening before five hours west of Greenwich, 18:30 on Kiritimati.
        let instant = unix(1_710_045_000)
        #expect(DateOnly(instant, timeZone: .gmt) == Self.day(2024, 3, 10))
        #expect(DateOnly(instant, timeZone: try #require(Self.fiveHoursWest)) == Self.day(2024, 3, 9))
        #expect(DateOnly(instant, timeZone: try .named("America/Bogota")) == Self.day(2024, 3, 9))
        #expect(DateOnly(instant, timeZone: try .named("Pacific/Kiritimati")) == Self.day(2024, 3, 10))
        // Half a second before 2001-01-01T00:00:00Z.
        #expect(DateOnly(Date(timeIntervalSinceReferenceDate: -0.5), timeZone: .gmt) == Self.day(2000, 12, 31))
    }

    @Test func aDayWhoseMidnightWasSkippedStartsWhereTheGapEnds() throws {
        // São Paulo went from 00:00 to 01:00 -02 on 2018-11-04 (03:00Z).
        let saoPaulo = Self.day(2018, 11, 4).date(timeZone: try .named("America/Sao_Paulo"))
        #expect(saoPaulo == unix(1_541_300_400))
        // Toronto went from 23:30 to 00:30 -04 overnight into 1919-03-31, so that day began at 00:30 (04:30Z).
        let toronto = Self.day(1919, 3, 31).date(timeZone: try .named("America/Toronto"))
        #expect(toronto == unix(-1_601_753_400))
    }

    @Test func aSkippedDayGivesTheStartOfTheNext() throws {
        // Samoa went from the end of 2011-12-29 (-10) straight to 2011-12-31 (+14) at 2011-12-30T10:00:00Z.
        let apia = try TimeZone.named("Pacific/Apia")
        let start = try #require(Self.day(2011, 12, 30).date(timeZone: apia))
        #expect(start == unix(1_325_239_200))
        #expect(DateOnly(start, timeZone: apia) == Self.day(2011, 12, 31))
    }

    @Test func yearsBeforeOneAreProlepticGregorian() {
        // Year 0 (1 BC) is a leap year of 366 days, year -1 (2 BC) a common one.
        let yearOne = -62_135_596_800.0
        let cases = [
            (Self.day(1, 1, 1), yearOne), (Self.day(0, 12, 31), yearOne - 86_400),
            (Self.day(0, 1, 1), yearOne - 366 * 86_400), (Self.day(-1, 1, 1), yearOne - (366 + 365) * 86_400),
        ]
        for (day, seconds) in cases {
            #expect(day.date(timeZone: .gmt) == unix(seconds), "\(day)")
            #expect(DateOnly(unix(seconds), timeZone: .gmt) == day)
        }
        #expect(Self.day(0, 2, 29).date(timeZone: .gmt) != nil)
        #expect(Self.day(-1, 2, 29).date(timeZone: .gmt) == nil)
    }

    @Test func foundationsDistantPastIsAJulianDate() {
        // `Date.distantPast` is 1 January AD 1 in the Julian calendar: two days before the Gregorian one.
        #expect(DateOnly(.distantPast, timeZone: .gmt) == Self.day(0, 12, 30))
        #expect(DateOnly(.distantFuture, timeZone: .gmt) == Self.day(4001, 1, 1))
    }

    @Test(arguments: [day(2023, 2, 29), day(2024, 13, 1), day(2024, 4, 31), day(2024, 1, 0), day(285_000_001, 1, 1)])
    func noInstantForWhatIsNotARealDate(_ day: DateOnly) { #expect(day.date(timeZone: .gmt) == nil) }

    @Test func noInstantForTheMostNegativeYear() {
        // Not a test argument: `DateOnly.description` traps on `abs(Int.min)`.
        #expect(Self.day(.min, 1, 1).date(timeZone: .gmt) == nil)
    }

    @Test(arguments: [Double.infinity, -.infinity, .nan, 1e300]) func dayOfAnOutlandishDateDoesNotTrap(
        _ interval: Double
    ) {
        let day = DateOnly(Date(timeIntervalSinceReferenceDate: interval), timeZone: .gmt)
        #expect(abs(day.year) > 285_000_000)
    }

    static func day(_ year: Int, _ month: Int, _ day: Int) -> DateOnly { DateOnly(year: year, month: month, day: day) }
}

/// The instant `seconds` after 1970-01-01T00:00:00Z.
private func unix(_ seconds: Double) -> Date { Date(timeIntervalSince1970: seconds) }

extension TimeZone {
    /// The zone named `identifier`, failing the test with the reason when this machine's tz database lacks it.
    static func named(_ identifier: String) throws -> TimeZone {
        try #require(TimeZone(identifier: identifier), "this machine's tz database lacks \(identifier): install tzdata")
    }
}
