import MobileSdk
import Testing

struct TimeOfDayTests {
    @Test(arguments: ["00:00:00", "13:45:30", "23:59:59.5", "08:00:00.0000001", "12:00:00.123456789"])
    func parsesAndPrintsTheSameText(_ text: String) throws {
        let time = try #require(TimeOfDay(text))
        #expect(time.description == text)
    }

    @Test func fields() {
        #expect(TimeOfDay("13:45:30.25") == TimeOfDay(hour: 13, minute: 45, second: 30, nanosecond: 250_000_000))
        #expect(TimeOfDay("08:00:00.0000001")?.nanosecond == 100)
        #expect(TimeOfDay("12:00:00.500000000000")?.description == "12:00:00.5")
        #expect(TimeOfDay("23:59:59.123456789999")?.nanosecond == 123_456_789)
        #expect(TimeOfDay("13:45") == TimeOfDay(hour: 13, minute: 45, second: 0))
        #expect(TimeOfDay(hour: 7, minute: 5, second: 3, nanosecond: 10).description == "07:05:03.00000001")
    }

    @Test(arguments: [
        "", "24:00:00", "12:60:00", "12:00:60", "1:00:00", "12:0:00", "12:00:00.", "12:00:00.1234567890123",
        "12:00:00Z", "12:00:00+01:00", "ab:cd:ef", "12:00:00.-5", "12", "12:00:00:00", "-1:00:00",
    ]) func rejects(_ text: String) { #expect(TimeOfDay(text) == nil) }

    @Test func ordering() {
        #expect(TimeOfDay(hour: 9, minute: 59, second: 59, nanosecond: 999) < TimeOfDay(hour: 10, minute: 0, second: 0))
        #expect(TimeOfDay(hour: 10, minute: 0, second: 0, nanosecond: 1) > TimeOfDay(hour: 10, minute: 0, second: 0))
    }
}
