import Foundation
import MobileSdk
import Testing

/// Expected instants are Unix timestamps worked out apart from the code under test (Python's `zoneinfo`).
struct TimeOfDayDateTests {
    /// 2023-11-14T22:13:20Z.
    static let instant = unix(1_700_000_000)
    static let instantDay = DateOnly(year: 2023, month: 11, day: 14)

    @Test func readsTheClockOfTheZone() throws {
        let fiveHoursWest = try #require(TimeZone(secondsFromGMT: -5 * 3600))
        #expect(TimeOfDay(Self.instant, timeZone: .gmt) == time(22, 13, 20))
        #expect(TimeOfDay(Self.instant, timeZone: try .named("Asia/Kolkata")) == time(3, 43, 20))
        #expect(TimeOfDay(Self.instant, timeZone: fiveHoursWest) == time(17, 13, 20))
        #expect(TimeOfDay(unix(-0.25), timeZone: .gmt) == time(23, 59, 59, 750_000_000))
    }

    @Test func keepsNanosecondsAsFarAsDateHoldsThem() {
        let reading = TimeOfDay(Self.instant.addingTimeInterval(0.123_456_789), timeZone: .gmt)
        #expect((reading.hour, reading.minute, reading.second) == (22, 13, 20))
        #expect(abs(reading.nanosecond - 123_456_789) < 1000)
    }

    @Test func aHairBeforeMidnightStaysBeforeIt() {
        let reading = TimeOfDay(Date(timeIntervalSinceReferenceDate: -1e-17), timeZone: .gmt)
        #expect(reading == time(23, 59, 59, 999_999_999))
    }

    @Test func placesTheTimeOnTheDayInTheZone() throws {
        let fiveHoursWest = try #require(TimeZone(secondsFromGMT: -5 * 3600))
        let kolkata = try TimeZone.named("Asia/Kolkata")
        #expect(time(22, 13, 20).date(on: Self.instantDay, timeZone: .gmt) == Self.instant)
        #expect(time(17, 13, 20).date(on: Self.instantDay, timeZone: fiveHoursWest) == Self.instant)
        #expect(time(3, 43, 20).date(on: DateOnly(year: 2023, month: 11, day: 15), timeZone: kolkata) == Self.instant)
        let precise = try #require(time(22, 13, 20, 123_456_789).date(on: Self.instantDay, timeZone: .gmt))
        #expect(abs(precise.timeIntervalSince(Self.instant) - 0.123_456_789) < 1e-6)
    }

    @Test(arguments: [
        "UTC", "America/New_York", "Asia/Kolkata", "Asia/Kathmandu", "Pacific/Pago_Pago", "Pacific/Kiritimati",
    ]) func roundTripsOnADay(zoneName: String) throws {
        let zone = try TimeZone.named(zoneName)
        let day = DateOnly(year: 2024, month: 2, day: 29)
        for original in [time(0, 0, 0), time(12, 34, 56, 789_000_000), time(23, 59, 59, 999_000_000)] {
            let instant = try #require(original.date(on: day, timeZone: zone))
            let reading = TimeOfDay(instant, timeZone: zone)
            #expect(DateOnly(instant, timeZone: zone) == day)
            #expect((reading.hour, reading.minute, reading.second) == (original.hour, original.minute, original.second))
            #expect(abs(reading.nanosecond - original.nanosecond) < 1000, "\(original) came back as \(reading)")
        }
    }

    @Test func aTimeSkippedByADaylightSavingGapMovesForwardByTheGap() throws {
        // New York went from 02:00 to 03:00 on 2024-03-10: 02:30 becomes 03:30 EDT (07:30Z).
        let newYork = try TimeZone.named("America/New_York")
        let instant = try #require(time(2, 30, 0).date(on: DateOnly(year: 2024, month: 3, day: 10), timeZone: newYork))
        #expect(instant == unix(1_710_055_800))
        #expect(TimeOfDay(instant, timeZone: newYork) == time(3, 30, 0))
    }

    @Test func aTimeThatOccursTwiceGivesTheFirst() throws {
        // New York went from 02:00 back to 01:00 on 2024-11-03: 01:30 EDT (05:30Z) comes before 01:30 EST.
        let newYork = try TimeZone.named("America/New_York")
        let instant = time(1, 30, 0).date(on: DateOnly(year: 2024, month: 11, day: 3), timeZone: newYork)
        #expect(instant == unix(1_730_611_800))
    }

    @Test(arguments: [time(24, 0, 0), time(-1, 0, 0), time(0, 60, 0), time(0, 0, 60), time(0, 0, 0, 1_000_000_000)])
    func noInstantForATimeOutOfRange(_ outOfRange: TimeOfDay) {
        #expect(outOfRange.date(on: DateOnly(year: 2024, month: 1, day: 1), timeZone: .gmt) == nil)
    }

    @Test func noInstantOnADayThatIsNotReal() {
        #expect(time(12, 0, 0).date(on: DateOnly(year: 2023, month: 2, day: 29), timeZone: .gmt) == nil)
    }
}

/// The instant `seconds` after 1970-01-01T00:00:00Z.
private func unix(_ seconds: Double) -> Date { Date(timeIntervalSince1970: seconds) }

private func time(_ hour: Int, _ minute: Int, _ second: Int, _ nanosecond: Int = 0) -> TimeOfDay {
    TimeOfDay(hour: hour, minute: minute, second: second, nanosecond: nanosecond)
}
