import Foundation
import ServiceAccess
import Testing

/// HTTP dates as the offline store writes them (`Repeatability-First-Sent`) and the client reads them
/// (`Retry-After`): one form, read back as written.
struct HTTPDateTests {
    @Test func datesAreWrittenAsIMFFixdatesAndReadBack() throws {
        let date = Date(timeIntervalSince1970: 784_111_777)
        #expect(HTTPDate.format(date) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == date)
        #expect(HTTPDate.parse(HTTPDate.format(Date(timeIntervalSince1970: 1_800_000_000))) != nil)
        #expect(HTTPDate.parse("yesterday") == nil)
    }
}
