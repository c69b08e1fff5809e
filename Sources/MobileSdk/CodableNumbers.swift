import Foundation

/// A binary floating-point value in a `Codable` form every encoder accepts: finite values as numbers, NaN and the
/// infinities as the strings `"nan"`, `"inf"` and `"-inf"` (`JSONEncoder` rejects non-finite numbers by default).
/// A NaN's sign and payload are not kept.
struct CodableFloatingPoint<Value: BinaryFloatingPoint & Codable>: Codable {
    var value: Value

    init(_ value: Value) { self.value = value }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        guard let text = try? container.decode(String.self) else {
            value = try container.decode(Value.self)
            return
        }
        switch text {
        case "nan": value = .nan
        case "inf": value = .infinity
        case "-inf": value = -.infinity
        default:
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "expected a number, \"nan\", \"inf\" or \"-inf\", found \"\(text)\""
            )
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if value.isFinite {
            try container.encode(value)
        } else {
            try container.encode(value.isNaN ? "nan" : value < 0 ? "-inf" : "inf")
        }
    }
}

/// A decimal in a `Codable` form that keeps every digit: its description as a string, since decoders may read a
/// JSON number through `Double`.
struct CodableDecimal: Codable {
    var value: Decimal

    init(_ value: Decimal) { self.value = value }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        var text = try container.decode(String.self)
        if text == Decimal.nan.description {
            value = .nan
            return
        }
        guard let value = text.withUTF8(EdmText.decimal) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "expected a decimal, found \"\(text)\""
            )
        }
        self.value = value
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value.description)
    }
}
