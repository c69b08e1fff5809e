import Foundation
import TestSupport
@testable import MobileSdk

/// Random attribute values for the round-trip tests, drawn from a ``SeededGenerator``. Every value is one the
/// JSON forms represent exactly (dates to the millisecond, no NaN).
struct RandomValues {
    var random: SeededGenerator

    init(seed: UInt64) { random = SeededGenerator(seed: seed) }

    mutating func int<T: FixedWidthInteger>(_ type: T.Type = T.self) -> T {
        // Bounds and small values more often than their share.
        switch Int.random(in: 0..<6, using: &random) {
        case 0: return .min
        case 1: return .max
        case 2: return T(truncatingIfNeeded: Int.random(in: -2...2, using: &random))
        default: return T.random(in: .min ... .max, using: &random)
        }
    }

    mutating func bool() -> Bool { Bool.random(using: &random) }

    mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }

    mutating func double() -> Double {
        switch Int.random(in: 0..<5, using: &random) {
        case 0:
            return [.infinity, -.infinity, 0, -0.0, .greatestFiniteMagnitude, .leastNonzeroMagnitude, 0.1, 1e22][
                Int.random(in: 0..<8, using: &random)
            ]
        case 1: return Double(Int.random(in: -1000...1000, using: &random)) / 8
        default:
            while true {
                let value = Double(bitPattern: random.next())
                if !value.isNaN { return value }
            }
        }
    }

    mutating func float() -> Float {
        while true {
            let value = Float(bitPattern: UInt32(truncatingIfNeeded: random.next()))
            if !value.isNaN { return value }
        }
    }

    mutating func digits(_ count: Int) -> String {
        String((0..<count).map { _ in Character(String(Int.random(in: 0...9, using: &random))) })
    }

    /// Up to 38 significant digits, either sign, a fraction or trailing zeros.
    mutating func decimal() -> Decimal {
        let integer = digits(Int.random(in: 1...20, using: &random))
        let fraction = chance(60) ? "." + digits(Int.random(in: 1...18, using: &random)) : ""
        let text = (chance(50) ? "-" : "") + integer + fraction
        return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) ?? 0
    }

    mutating func string() -> String {
        let pool: [String] = [
            "a", "Z", "0", " ", "\"", "\\", "/", "\n", "\r", "\t", "\u{01}", "\u{1F}", "é", "ß", "😀", "中", "\u{7F}",
            "@", "{", "]", ",",
        ]
        return (0..<Int.random(in: 0...12, using: &random))
            .map { _ in pool[Int.random(in: 0..<pool.count, using: &random)] }.joined()
    }

    mutating func guid() -> UUID {
        let high = random.next()
        let low = random.next()
        return UUID(
            uuid: (
                UInt8(truncatingIfNeeded: high), UInt8(truncatingIfNeeded: high >> 8),
                UInt8(truncatingIfNeeded: high >> 16), UInt8(truncatingIfNeeded: high >> 24),
                UInt8(truncatingIfNeeded: high >> 32), UInt8(truncatingIfNeeded: high >> 40),
                UInt8(truncatingIfNeeded: high >> 48), UInt8(truncatingIfNeeded: high >> 56),
                UInt8(truncatingIfNeeded: low), UInt8(truncatingIfNeeded: low >> 8),
                UInt8(truncatingIfNeeded: low >> 16), UInt8(truncatingIfNeeded: low >> 24),
                UInt8(truncatingIfNeeded: low >> 32), UInt8(truncatingIfNeeded: low >> 40),
                UInt8(truncatingIfNeeded: low >> 48), UInt8(truncatingIfNeeded: low >> 56)
            )
        )
    }

    mutating func data() -> Data {
        Data((0..<Int.random(in: 0...20, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) })
    }

    /// A whole number of milliseconds between the years 1 and 9999.
    mutating func date() -> Date {
        Date(
            timeIntervalSince1970: Double(Int64.random(in: -62_135_596_800_000...253_402_300_799_000, using: &random))
                / 1000
        )
    }

    mutating func dateOnly() -> DateOnly {
        if chance(10) {
            // A leap day: a year divisible by 4 but not by 100, or by 400.
            let year =
                chance(20) ? 400 * Int.random(in: 1...24, using: &random) : 4 * Int.random(in: 1...2499, using: &random)
            return DateOnly(year: year % 100 == 0 && year % 400 != 0 ? year + 4 : year, month: 2, day: 29)
        }
        return DateOnly(
            year: Int.random(in: 1...9999, using: &random),
            month: Int.random(in: 1...12, using: &random),
            day: Int.random(in: 1...28, using: &random)
        )
    }

    mutating func timeOfDay() -> TimeOfDay {
        TimeOfDay(
            hour: Int.random(in: 0...23, using: &random),
            minute: Int.random(in: 0...59, using: &random),
            second: Int.random(in: 0...59, using: &random),
            nanosecond: chance(50) ? 0 : Int.random(in: 0...999_999_999, using: &random)
        )
    }

    mutating func duration() -> EdmDuration {
        let text =
            (chance(30) ? "-" : "") + digits(Int.random(in: 1...9, using: &random))
            + (chance(50) ? "." + digits(Int.random(in: 1...9, using: &random)) : "")
        return EdmDuration(seconds: Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) ?? 0)
    }

    mutating func position() -> SpatialValue.Position {
        let x = Double.random(in: -180...180, using: &random)
        let y = Double.random(in: -90...90, using: &random)
        return SpatialValue.Position(x: x, y: y, z: chance(30) ? Double.random(in: -500...9000, using: &random) : nil)
    }

    mutating func spatial() -> SpatialValue {
        let srid = chance(50) ? 4326 : nil
        switch Int.random(in: 0..<4, using: &random) {
        case 0: return SpatialValue(.point(position()), srid: srid)
        case 1: return .lineString((0..<Int.random(in: 2...4, using: &random)).map { _ in position() }, srid: srid)
        case 2: return .polygon([(0..<4).map { _ in position() }], srid: srid)
        default: return .collection([.point(position()), .multiPoint([position(), position()])], srid: srid)
        }
    }

    mutating func untyped(depth: Int = 0) -> UntypedValue {
        switch Int.random(in: 0..<(depth < 3 ? 6 : 4), using: &random) {
        case 0: return .null
        case 1: return .bool(bool())
        case 2: return .number(decimal())
        case 3: return .string(string())
        case 4: return .array((0..<Int.random(in: 0...3, using: &random)).map { _ in untyped(depth: depth + 1) })
        default:
            var members: [String: UntypedValue] = [:]
            for _ in 0..<Int.random(in: 0...3, using: &random) { members[string()] = untyped(depth: depth + 1) }
            return .object(members)
        }
    }

    mutating func options() -> [OptionSetValue] {
        (0..<Int.random(in: 0...3, using: &random)).map { _ in OptionSetValue(int()) }
    }
}
