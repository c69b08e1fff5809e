import MobileSdk

/// Appends JSON text to a byte buffer, numbers and dates written digit by digit: making a page of 5,000 records on
/// each request must cost little beside the download that reads it.
struct ByteText {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    /// Text as it is (the caller's text needs no escaping).
    mutating func raw(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Text in a JSON string, its quotes and backslashes escaped.
    mutating func escaped(_ text: String) {
        for byte in text.utf8 {
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { bytes.append(UInt8(ascii: "\\")) }
            bytes.append(byte)
        }
    }

    /// A decimal integer.
    mutating func number(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits:
            (
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                UInt8, UInt8, UInt8, UInt8, UInt8
            ) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[19 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            bytes.append(contentsOf: buffer[(20 - count)...])
        }
    }

    /// `value` with `width` digits at least, zeros first.
    mutating func digits(_ value: Int, width: Int) {
        var limit = 10
        for _ in 1..<width {
            if value < limit { bytes.append(UInt8(ascii: "0")) }
            limit *= 10
        }
        number(value)
    }

    /// `value / 10^scale` with exactly `scale` decimals.
    mutating func decimal(_ value: Int, scale: Int) {
        var divisor = 1
        for _ in 0..<scale { divisor *= 10 }
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        number(Int(value.magnitude) / divisor)
        bytes.append(UInt8(ascii: "."))
        digits(Int(value.magnitude) % divisor, width: scale)
    }

    /// A number with a comma between groups of three digits.
    mutating func grouped(_ value: Int) {
        guard value >= 1000 else { return number(value) }
        grouped(value / 1000)
        bytes.append(UInt8(ascii: ","))
        digits(value % 1000, width: 3)
    }

    /// The low `digits` hexadecimal digits of `value`, lowercase.
    mutating func hex(_ value: UInt64, digits: Int) {
        for shift in stride(from: (digits - 1) * 4, through: 0, by: -4) {
            let digit = UInt8(value >> UInt64(shift) & 0xF)
            bytes.append(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10)
        }
    }

    /// `YYYY-MM-DDThh:mm:ssZ` of seconds since 1970, as Dataverse writes date and time columns.
    mutating func timestamp(_ seconds: Int) {
        day(seconds / 86_400)
        let time = seconds % 86_400
        bytes.append(UInt8(ascii: "T"))
        digits(time / 3600, width: 2)
        bytes.append(UInt8(ascii: ":"))
        digits(time / 60 % 60, width: 2)
        bytes.append(UInt8(ascii: ":"))
        digits(time % 60, width: 2)
        bytes.append(UInt8(ascii: "Z"))
    }

    /// `YYYY-MM-DD` of a day since 1970-01-01.
    mutating func day(_ days: Int) {
        let (year, month, day) = EdmText.civilFromDays(days)
        number(year)
        bytes.append(UInt8(ascii: "-"))
        digits(month, width: 2)
        bytes.append(UInt8(ascii: "-"))
        digits(day, width: 2)
    }
}
