import Foundation
import MobileSdk

/// One input for the parsers of Edm literals: the text read as a date, a time of day and a duration. What parses must
/// print as text that parses to the same value; a difference is reported as a crash.
func parse(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    if let date = DateOnly(text) { check(DateOnly(date.description) == date, "DateOnly", text) }
    if let time = TimeOfDay(text) { check(TimeOfDay(time.description) == time, "TimeOfDay", text) }
    if let duration = EdmDuration(text) { check(EdmDuration(duration.description) == duration, "EdmDuration", text) }
}

/// Stops the process (so that libFuzzer keeps the input) when a parsed value does not survive printing.
func check(_ condition: Bool, _ type: String, _ text: String) {
    guard !condition else { return }
    print("\(type) of \(text.debugDescription) does not round-trip through its description")
    abort()
}

@main enum Fuzz { static func main() throws { try FuzzDriver.main(parse) } }
