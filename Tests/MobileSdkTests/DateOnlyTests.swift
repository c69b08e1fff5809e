import MobileSdk
import Testing

struct DateOnlyTests {
    @Test(arguments: ["2024-02-29", "1999-12-31", "0001-01-01", "-0044-03-15", "12345-06-07"])
    func parsesAndPrintsTheSameText(_ text: String) throws {
        let date = try #require(DateOnly(text))
        #expect(date.description == text)
    }

    @Test func fields() {
        #expect(DateOnly("2024-02-29") == DateOnly(year: 2024, month: 2, day: 29))
        #expect(DateOnly("-0044-03-15")?.year == -44)
        #expect(DateOnly(year: 7, month: 1, day: 2).description == "0007-01-02")
        #expect(DateOnly(year: .min, month: 1, day: 2).description == "-9223372036854775808-01-02")  // no overflow
    }

    @Test(arguments: [
        "", "2023-02-29", "1900-02-29", "2024-04-31", "2024-13-01", "2024-00-10", "2024-01-00", "24-01-01",
        "02024-01-01", "2024-1-01", "2024-01-1", "2024/01/01", "2024-01-01T00:00:00Z", "+2024-01-01", "2024-01-01-",
        "２０２４-01-01",
    ]) func rejects(_ text: String) { #expect(DateOnly(text) == nil) }

    @Test func ordering() {
        #expect(DateOnly(year: 2023, month: 12, day: 31) < DateOnly(year: 2024, month: 1, day: 1))
        #expect(DateOnly(year: 2024, month: 1, day: 2) > DateOnly(year: 2024, month: 1, day: 1))
    }
}
