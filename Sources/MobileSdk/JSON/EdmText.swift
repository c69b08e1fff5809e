import Foundation
import JSONSyntax

/// Parsing and formatting of Edm primitive values in their OData JSON text forms, straight from UTF-8 bytes.
package enum EdmText {
    // MARK: Numbers

    /// An integer in JSON number syntax (no fraction or exponent); nil when out of range or not an integer.
    static func int64(_ text: UnsafeBufferPointer<UInt8>) -> Int64? {
        guard !text.isEmpty else { return nil }
        let negative = text[0] == UInt8(ascii: "-")
        var index = negative ? 1 : 0
        guard index < text.count else { return nil }
        var magnitude: UInt64 = 0
        while index < text.count {
            let digit = text[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(digit))
            guard !overflow1, !overflow2 else { return nil }
            magnitude = sum
            index += 1
        }
        if negative {
            guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
            return magnitude == UInt64(Int64.max) + 1 ? .min : -Int64(magnitude)
        }
        return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
    }

    /// A decimal in JSON number syntax, exactly as written (no binary floating point in between); nil for other
    /// text and for values outside `Decimal`'s range. More than 38 significant digits are rounded.
    static func decimal(_ text: UnsafeBufferPointer<UInt8>) -> Decimal? {
        var index = 0
        let negative = index < text.count && text[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        var significand: UInt64 = 0
        var digitCount = 0
        var exponent = 0
        var sawDigit = false
        var afterPoint = false
        // Whether the digits fit the fast path (at most 19 significant digits, no exponent).
        var fits = true
        while index < text.count {
            let byte = text[index]
            if byte == UInt8(ascii: ".") {
                guard !afterPoint else { return nil }
                afterPoint = true
            } else if byte &- UInt8(ascii: "0") < 10 {
                sawDigit = true
                if digitCount < 19 {
                    significand = significand * 10 + UInt64(byte - UInt8(ascii: "0"))
                    if significand > 0 { digitCount += 1 }
                    if afterPoint { exponent -= 1 }
                } else {
                    fits = false
                }
            } else {
                break
            }
            index += 1
        }
        guard sawDigit else { return nil }
        if index < text.count {
            // An exponent: `e` or `E`, an optional sign, digits, and nothing after them.
            guard text[index] | 0x20 == UInt8(ascii: "e") else { return nil }
            index += 1
            if index < text.count, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") { index += 1 }
            let exponentStart = index
            while index < text.count, text[index] &- UInt8(ascii: "0") < 10 { index += 1 }
            guard index > exponentStart, index == text.count else { return nil }
            fits = false
        }
        if !fits {
            // Rare: long or exponent notation goes through Foundation's parser, which keeps 38 digits. The text is
            // checked above, so it parses all of it; nil when the value is out of range.
            guard
                let value = Decimal(
                    string: String(decoding: text, as: UTF8.self),
                    locale: Locale(identifier: "en_US_POSIX")
                ), !value.isNaN
            else { return nil }
            return value
        }
        return Decimal(sign: negative ? .minus : .plus, exponent: exponent, significand: Decimal(significand))
    }

    /// A double in JSON number syntax, or one of the OData special values `INF`, `-INF`, `NaN`.
    static func double(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        if let value = exactDouble(text) { return value }
        switch String(decoding: text, as: UTF8.self) {
        case "INF": return .infinity
        case "-INF": return -.infinity
        case "NaN": return .nan
        case let other:
            // Swift's parser also takes `inf`, `nan` and hexadecimal: only JSON numbers get that far.
            guard isJSONNumber(text) else { return nil }
            return Double(other)
        }
    }

    /// A JSON number of at most 15 significant digits times a power of ten up to 22 — what services send — computed
    /// directly: the digits and the power are both exact doubles, so one multiplication or division rounds once, to
    /// the correctly rounded result. Nil for anything else (which the full parser then reads or refuses).
    private static func exactDouble(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        var index = 0
        let negative = index < text.count && text[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        var mantissa: UInt64 = 0
        var significant = 0
        var exponent = 0
        /// Takes a digit into the mantissa; more than 17 significant digits are only counted (they fail the check).
        func take(_ digit: UInt8) {
            guard mantissa != 0 || digit != 0 else { return }
            significant += 1
            if significant <= 17 { mantissa = mantissa * 10 + UInt64(digit) }
        }
        let integerStart = index
        while index < text.count, case let digit = text[index] &- UInt8(ascii: "0"), digit < 10 {
            take(digit)
            index += 1
        }
        let integerDigits = index - integerStart
        guard integerDigits == 1 || (integerDigits > 1 && text[integerStart] != UInt8(ascii: "0")) else { return nil }
        if index < text.count, text[index] == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            while index < text.count, case let digit = text[index] &- UInt8(ascii: "0"), digit < 10 {
                take(digit)
                exponent -= 1
                index += 1
            }
            guard index > fractionStart else { return nil }
        }
        if index < text.count, text[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            let negativeExponent = index < text.count && text[index] == UInt8(ascii: "-")
            if index < text.count, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") { index += 1 }
            let exponentStart = index
            var written = 0
            while index < text.count, case let digit = text[index] &- UInt8(ascii: "0"), digit < 10, written < 1_000 {
                written = written * 10 + Int(digit)
                index += 1
            }
            guard index > exponentStart else { return nil }
            exponent += negativeExponent ? -written : written
        }
        guard index == text.count, significant <= 15, (-22...22).contains(exponent) else { return nil }
        let magnitude =
            exponent >= 0 ? Double(mantissa) * powersOfTen[exponent] : Double(mantissa) / powersOfTen[-exponent]
        return negative ? -magnitude : magnitude
    }

    /// 1e0 through 1e22, the powers of ten a double holds exactly.
    private static let powersOfTen: [Double] = (0...22)
        .map { power in (0..<power).reduce(1.0) { value, _ in value * 10 } }

    /// Whether the text is a number in the JSON grammar: `-`? (`0` | [1-9][0-9]*) (`.` [0-9]+)? ([eE] [+-]? [0-9]+)?.
    static func isJSONNumber(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        func digits() -> Int {
            let start = index
            while index < text.count, text[index] &- UInt8(ascii: "0") < 10 { index += 1 }
            return index - start
        }
        if index < text.count, text[index] == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        let integerDigits = digits()
        guard integerDigits == 1 || (integerDigits > 1 && text[integerStart] != UInt8(ascii: "0")) else { return false }
        if index < text.count, text[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { return false }
        }
        if index < text.count, text[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < text.count, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { return false }
        }
        return index == text.count
    }

    // MARK: GUID

    /// Whether the text, a GUID as ``guid(_:)`` reads it (`dddddddd-dddd-dddd-dddd-dddddddddddd`, hexadecimal digits
    /// of either case), has upper-case digits; nil when it is no GUID. Checked in one pass without making a UUID and
    /// without a branch per byte: a page of Dynamics records holds several GUIDs per record.
    static func guidHasUpperCase(_ text: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard text.count == 36, let base = text.baseAddress, base[8] == UInt8(ascii: "-"),
            base[13] == UInt8(ascii: "-"), base[18] == UInt8(ascii: "-"), base[23] == UInt8(ascii: "-")
        else { return nil }
        var invalid: UInt8 = 0
        var upper: UInt8 = 0
        for index in 0..<36 where index != 8 && index != 13 && index != 18 && index != 23 {
            let byte = base[index]
            let digit: UInt8 = byte &- UInt8(ascii: "0") < 10 ? 1 : 0
            let letter: UInt8 = (byte | 0x20) &- UInt8(ascii: "a") < 6 ? 1 : 0
            invalid |= (digit | letter) ^ 1
            upper |= letter & (byte & 0x20 == 0 ? 1 : 0)
        }
        return invalid == 0 ? upper != 0 : nil
    }

    /// `dddddddd-dddd-dddd-dddd-dddddddddddd`, either case.
    static func guid(_ text: UnsafeBufferPointer<UInt8>) -> UUID? {
        guard text.count == 36 else { return nil }
        // The 32 hex digits as two 64-bit halves: no buffer to allocate.
        var halves: (UInt64, UInt64) = (0, 0)
        var digits = 0
        for index in 0..<36 {
            if index == 8 || index == 13 || index == 18 || index == 23 {
                guard text[index] == UInt8(ascii: "-") else { return nil }
                continue
            }
            guard let digit = hexDigitValue(text[index]) else { return nil }
            if digits < 16 {
                halves.0 = halves.0 << 4 | UInt64(digit)
            } else {
                halves.1 = halves.1 << 4 | UInt64(digit)
            }
            digits += 1
        }
        let (high, low) = halves
        let byte = { (value: UInt64, shift: UInt64) in UInt8(truncatingIfNeeded: value >> shift) }
        return UUID(
            uuid: (
                byte(high, 56), byte(high, 48), byte(high, 40), byte(high, 32), byte(high, 24), byte(high, 16),
                byte(high, 8), byte(high, 0), byte(low, 56), byte(low, 48), byte(low, 40), byte(low, 32), byte(low, 24),
                byte(low, 16), byte(low, 8), byte(low, 0)
            )
        )
    }

    /// `YYYY-MM-DD` with a four-digit year, the form services send; nil for anything else (which the caller then
    /// hands to `DateOnly`'s full parser).
    static func date(_ text: UnsafeBufferPointer<UInt8>) -> DateOnly? {
        var scanner = DigitScanner(text)
        guard let year = scanner.number(width: 4), scanner.skip("-"), let month = scanner.number(width: 2),
            scanner.skip("-"), let day = scanner.number(width: 2), scanner.atEnd, (1...12).contains(month),
            (1...daysIn(month: month, year: year)).contains(day)
        else { return nil }
        return DateOnly(year: year, month: month, day: day)
    }

    /// Lowercase, as OData services write GUIDs.
    static func format(_ guid: UUID) -> String { guid.uuidString.lowercased() }

    // MARK: Dates and times

    /// `YYYY-MM-DDThh:mm[:ss[.fffffff]](Z|±hh:mm)`; an OData v2 `DateTime` without an offset is taken as UTC.
    static func dateTimeOffset(_ text: UnsafeBufferPointer<UInt8>) -> Date? {
        var scanner = DigitScanner(text)
        guard let year = scanner.number(width: 4), scanner.skip("-"), let month = scanner.number(width: 2),
            scanner.skip("-"), let day = scanner.number(width: 2), scanner.skip("T") || scanner.skip("t"),
            let hour = scanner.number(width: 2), scanner.skip(":"), let minute = scanner.number(width: 2),
            (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day), hour < 24, minute < 60
        else { return nil }
        var second = 0
        var fraction = 0.0
        if scanner.skip(":") {
            guard let value = scanner.number(width: 2), value < 60 else { return nil }
            second = value
            if scanner.skip(".") {
                guard let (digits, count) = scanner.fraction() else { return nil }
                fraction = Double(digits) / pow(10, Double(count))
            }
        }
        var offset = 0
        if scanner.skip("Z") || scanner.skip("z") {
            offset = 0
        } else if let sign = scanner.sign() {
            guard let hours = scanner.number(width: 2), scanner.skip(":"), let minutes = scanner.number(width: 2),
                hours < 24, minutes < 60
            else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        }
        guard scanner.atEnd else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// ISO 8601 in UTC with milliseconds when the date has any, e.g. `2024-05-01T12:30:00Z`. Dates beyond the
    /// years 0001–9999 (which no OData service accepts) are clamped to them rather than trapping.
    static func format(_ date: Date) -> String {
        let totalMilliseconds = clampedMilliseconds(date)
        let milliseconds = Int(((totalMilliseconds % 1000) + 1000) % 1000)
        let seconds = Int((totalMilliseconds - Int64(milliseconds)) / 1000)
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let time = seconds - days * 86_400
        let (year, month, day) = civilFromDays(days)
        var text = zeroPadded(year, width: 4) + "-" + zeroPadded(month, width: 2) + "-" + zeroPadded(day, width: 2)
        text +=
            "T" + zeroPadded(time / 3600, width: 2) + ":" + zeroPadded(time / 60 % 60, width: 2) + ":"
            + zeroPadded(time % 60, width: 2)
        if milliseconds != 0 { text += "." + zeroPadded(milliseconds, width: 3) }
        return text + "Z"
    }

    /// OData v2's `/Date(<milliseconds>[±<minutes>])/`; the offset only says which zone the value was in.
    static func legacyDate(_ text: UnsafeBufferPointer<UInt8>) -> Date? {
        let prefix = Array("/Date(".utf8)
        let suffix = Array(")/".utf8)
        guard text.count > prefix.count + suffix.count, text.starts(with: prefix),
            text.reversed().starts(with: suffix.reversed())
        else { return nil }
        var end = text.count - suffix.count
        let start = prefix.count
        // An offset follows the milliseconds: a sign after the first character.
        var index = start + 1
        while index < end, text[index] != UInt8(ascii: "+"), text[index] != UInt8(ascii: "-") { index += 1 }
        if index < end {
            // The offset: a sign and four digits (minutes, as `0060`).
            guard end - index == 5, (index + 1..<end).allSatisfy({ text[$0] &- UInt8(ascii: "0") < 10 }) else {
                return nil
            }
        }
        end = index
        guard let milliseconds = int64(UnsafeBufferPointer(rebasing: text[start..<end])) else { return nil }
        return Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    /// `/Date(<milliseconds>)/`, clamped to the years 0001–9999 like ``format(_:)``.
    static func formatLegacy(_ date: Date) -> String { "/Date(\(clampedMilliseconds(date)))/" }

    /// The first and last milliseconds of the years 0001–9999 since 1970.
    private static let millisecondRange: ClosedRange<Int64> = -62_135_596_800_000...253_402_300_799_999

    /// The date in whole milliseconds since 1970, within ``millisecondRange`` (NaN gives 1970).
    private static func clampedMilliseconds(_ date: Date) -> Int64 {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        guard !milliseconds.isNaN else { return 0 }
        let bounded = min(max(milliseconds, Double(millisecondRange.lowerBound)), Double(millisecondRange.upperBound))
        return Int64(bounded)
    }

    /// The number of days in a month of the proleptic Gregorian calendar.
    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date.
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date `days` after 1970-01-01.
    package static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

/// Reads fixed-width digit fields and punctuation from the front of a byte buffer.
struct DigitScanner {
    private let text: UnsafeBufferPointer<UInt8>
    private var index = 0

    init(_ text: UnsafeBufferPointer<UInt8>) { self.text = text }

    var atEnd: Bool { index == text.count }

    mutating func number(width: Int) -> Int? {
        guard index + width <= text.count else { return nil }
        var value = 0
        for offset in 0..<width {
            let digit = text[index + offset] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
        }
        index += width
        return value
    }

    /// Up to 18 fraction digits (more are read and ignored) and how many were kept.
    mutating func fraction() -> (Int, Int)? {
        var value = 0
        var count = 0
        while index < text.count, text[index] &- UInt8(ascii: "0") < 10 {
            if count < 18 {
                value = value * 10 + Int(text[index] - UInt8(ascii: "0"))
                count += 1
            }
            index += 1
        }
        return count > 0 ? (value, count) : nil
    }

    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard index < text.count, text[index] == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    /// +1 or -1 for a leading sign.
    mutating func sign() -> Int? {
        if skip("+") { return 1 }
        if skip("-") { return -1 }
        return nil
    }
}
