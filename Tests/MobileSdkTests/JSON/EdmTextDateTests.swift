import Foundation
import TestSupport
import Testing
@testable import MobileSdk

/// `Edm.DateTimeOffset` text, OData v2's `/Date(…)/`, and the calendar arithmetic under them.
struct EdmTextDateTests {
    func date(_ text: String) -> Date? { withBytes(text, EdmText.dateTimeOffset) }
    func legacy(_ text: String) -> Date? { withBytes(text, EdmText.legacyDate) }
    func at(_ seconds: Double) -> Date { Date(timeIntervalSince1970: seconds) }

    @Test func utcAndOffsets() {
        let expected = at(1_714_566_600)  // 2024-05-01T12:30:00Z
        #expect(date("2024-05-01T12:30:00Z") == expected)
        #expect(date("2024-05-01t12:30:00z") == expected)
        #expect(date("2024-05-01T14:30:00+02:00") == expected)
        #expect(date("2024-05-01T07:00:00-05:30") == expected)
        #expect(date("2024-05-01T12:30:00+00:00") == expected)
        #expect(date("2024-05-02T02:30:00+14:00") == expected)
    }

    @Test func secondsAndFractions() throws {
        #expect(date("2024-05-01T12:30Z") == at(1_714_566_600))
        #expect(date("2024-05-01T12:30+01:00") == at(1_714_563_000))
        let fraction = try #require(date("2024-05-01T12:30:00.1234567Z"))
        #expect(abs(fraction.timeIntervalSince1970 - 1_714_566_600.1234567) < 1e-6)
        #expect(date("2024-05-01T12:30:00.5Z") == at(1_714_566_600.5))
        #expect(date("2024-05-01T12:30:00.123Z") == at(1_714_566_600.123))
        // More digits than the scanner keeps are read and dropped.
        #expect(date("2024-05-01T12:30:00.5000000000000000000001Z") == at(1_714_566_600.5))
    }

    @Test func withoutOffsetIsUTC() {
        #expect(date("2024-05-01T12:30:00") == at(1_714_566_600))
        #expect(date("2024-05-01T12:30") == at(1_714_566_600))
    }

    @Test func datesBefore1970() {
        #expect(date("1969-12-31T23:59:59Z") == at(-1))
        #expect(date("1969-12-31T23:59:59.5Z") == at(-0.5))
        #expect(date("1969-07-20T20:17:40Z") == at(-14_182_940))
        #expect(date("1900-01-01T00:00:00Z") == at(-2_208_988_800))
        #expect(date("0001-01-01T00:00:00Z") == at(-62_135_596_800))
        #expect(date("1970-01-01T00:00:00Z") == at(0))
    }

    @Test func leapDays() {
        #expect(date("2024-02-29T00:00:00Z") == at(1_709_164_800))
        #expect(date("2000-02-29T00:00:00Z") == at(951_782_400))
        #expect(date("1904-02-29T12:00:00Z") == at(-2_077_704_000))
        #expect(date("2023-02-29T00:00:00Z") == nil)
        #expect(date("1900-02-29T00:00:00Z") == nil)
        #expect(date("2024-02-30T00:00:00Z") == nil)
        #expect(date("2024-04-31T00:00:00Z") == nil)
        #expect(date("2024-12-31T23:59:59Z") == at(1_735_689_599))
    }

    @Test func malformedDates() {
        for text in [
            "", "2024-05-01", "2024-05-01T", "2024-5-01T12:30:00Z", "2024-13-01T00:00:00Z", "2024-00-01T00:00:00Z",
            "2024-05-00T00:00:00Z", "2024-05-01T24:00:00Z", "2024-05-01T12:60:00Z", "2024-05-01T12:30:60Z",
            "2024-05-01T12:30:00.Z", "2024-05-01T12:30:00ZZ", "2024-05-01T12:30:00+2:00", "2024-05-01T12:30:00+02",
            "2024-05-01T12:30:00+0200", "2024-05-01T12:30:00+25:00", "2024-05-01T12:30:00+02:60",
            "2024-05-01 12:30:00Z", "24-05-01T12:30:00Z", "2024-05-01T12:30:00 Z", "/Date(0)/",
        ] { #expect(date(text) == nil, "\(text)") }
    }

    @Test func format() {
        #expect(EdmText.format(at(1_714_566_600)) == "2024-05-01T12:30:00Z")
        #expect(EdmText.format(at(1_714_566_600.123)) == "2024-05-01T12:30:00.123Z")
        #expect(EdmText.format(at(1_714_566_600.5)) == "2024-05-01T12:30:00.500Z")
        #expect(EdmText.format(at(0)) == "1970-01-01T00:00:00Z")
        #expect(EdmText.format(at(-1)) == "1969-12-31T23:59:59Z")
        #expect(EdmText.format(at(-0.5)) == "1969-12-31T23:59:59.500Z")
        #expect(EdmText.format(at(-86_400)) == "1969-12-31T00:00:00Z")
        #expect(EdmText.format(at(-2_208_988_800)) == "1900-01-01T00:00:00Z")
        #expect(EdmText.format(at(1_709_164_800)) == "2024-02-29T00:00:00Z")
        #expect(EdmText.format(at(-62_135_596_800)) == "0001-01-01T00:00:00Z")
    }

    @Test func formatSurvivesExtremeDates() {
        // Dates no payload holds must not trap (a decoded `/Date(…)/` can be anything an Int64 holds).
        for seconds in [
            Double.greatestFiniteMagnitude, -Double.greatestFiniteMagnitude, 9.3e15, -9.3e15, .infinity, -.infinity,
            .nan,
        ] {
            _ = EdmText.format(at(seconds))
            _ = EdmText.formatLegacy(at(seconds))
        }
        if let far = legacy("/Date(9223372036854775807)/") {
            _ = EdmText.format(far)
            _ = EdmText.formatLegacy(far)
        }
    }

    @Test func formatRoundTrips() throws {
        var random = SeededGenerator(seed: 1970)
        for _ in 0..<2_000 {
            // Milliseconds from about 1653 to 2286.
            let milliseconds = Int64.random(in: -10_000_000_000_000...10_000_000_000_000, using: &random)
            let original = at(Double(milliseconds) / 1000)
            let text = EdmText.format(original)
            let parsed = try #require(date(text), "\(text)")
            #expect(Int64((parsed.timeIntervalSince1970 * 1000).rounded()) == milliseconds, "\(text)")
        }
    }

    @Test func civilDaysAgreeBothWays() {
        for days in stride(from: -1_000_000, through: 1_000_000, by: 997) {
            let (year, month, day) = EdmText.civilFromDays(days)
            #expect(EdmText.daysFromCivil(year: year, month: month, day: day) == days)
        }
        #expect(EdmText.civilFromDays(0) == (1970, 1, 1))
        #expect(EdmText.civilFromDays(-1) == (1969, 12, 31))
        #expect(EdmText.daysFromCivil(year: 2000, month: 3, day: 1) == 11_017)
    }

    @Test func legacyDates() {
        #expect(legacy("/Date(1714566600000)/") == at(1_714_566_600))
        #expect(legacy("/Date(0)/") == at(0))
        #expect(legacy("/Date(-1000)/") == at(-1))
        #expect(legacy("/Date(-62135596800000)/") == at(-62_135_596_800))
        #expect(legacy("/Date(1714566600123)/") == at(1_714_566_600.123))
        // The offset only says which zone the value was shown in: the instant is the same.
        #expect(legacy("/Date(1714566600000+0060)/") == at(1_714_566_600))
        #expect(legacy("/Date(1714566600000-0300)/") == at(1_714_566_600))
        #expect(legacy("/Date(-1000+0120)/") == at(-1))
    }

    @Test func malformedLegacyDates() {
        for text in [
            "/Date()/", "/Date(abc)/", "/Date(123", "Date(123)/", "/Date(123)", "/Date(1.5)/", "/Date(+)/",
            "/Date(1+)/", "/Date(1+abc)/", "/Date(1+00600)/", "/Date(1+06)/", "/Date(99999999999999999999)/",
            "/date(1)/", "/Date( 1)/",
        ] { #expect(legacy(text) == nil, "\(text)") }
    }

    @Test func legacyFormat() {
        #expect(EdmText.formatLegacy(at(1_714_566_600)) == "/Date(1714566600000)/")
        #expect(EdmText.formatLegacy(at(-1)) == "/Date(-1000)/")
        #expect(EdmText.formatLegacy(at(1_714_566_600.123)) == "/Date(1714566600123)/")
    }
}
