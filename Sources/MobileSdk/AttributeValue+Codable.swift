import Foundation

/// Values encode as a single-key object naming the case, e.g. `{"string": "x"}`, `{"int32": 5}`, `{"null": true}`, and
/// decode to an equal value with JSON and property-list coders. Decimals (in money and durations too) encode as
/// strings so that every digit survives; NaN and the infinities as `"nan"`, `"inf"` and `"-inf"`; dates as seconds
/// since 2001 (`timeIntervalSinceReferenceDate`).
extension AttributeValue: Codable {
    /// The keys naming the cases.
    private enum Tag: String, CodingKey {
        case null, boolean, byte, sbyte, int16, int32, int64, single, double, decimal, string, guid, binary
        case dateTimeOffset, date, timeOfDay, duration, entityReference, optionSetValue, optionSetValues, money
        case activityParty
        case geography, geometry, enumMember, complex, collection, untyped
    }

    /// Decodes the single-key object `encode(to:)` writes, e.g. `{"int32": 5}`; throws `DecodingError` for
    /// another shape or an unknown case name.
    public init(from decoder: any Decoder) throws {
        let (tag, container) = try decoder.singleTag(Tag.self, of: "AttributeValue")
        func value<Value: Decodable>(_ type: Value.Type = Value.self) throws -> Value {
            try container.decode(type, forKey: tag)
        }
        switch tag {
        case .null: self = .null
        case .boolean: self = .boolean(try value())
        case .byte: self = .byte(try value())
        case .sbyte: self = .sbyte(try value())
        case .int16: self = .int16(try value())
        case .int32: self = .int32(try value())
        case .int64: self = .int64(try value())
        case .single: self = .single(try value(CodableFloatingPoint<Float>.self).value)
        case .double: self = .double(try value(CodableFloatingPoint<Double>.self).value)
        case .decimal: self = .decimal(try value(CodableDecimal.self).value)
        case .string: self = .string(try value())
        case .guid: self = .guid(try value())
        case .binary: self = .binary(try value())
        case .dateTimeOffset:
            let seconds = try value(CodableFloatingPoint<Double>.self).value
            self = .dateTimeOffset(Date(timeIntervalSinceReferenceDate: seconds))
        case .date: self = .date(try value())
        case .timeOfDay: self = .timeOfDay(try value())
        case .duration: self = .duration(try value())
        case .entityReference: self = .entityReference(try value())
        case .optionSetValue: self = .optionSetValue(try value())
        case .optionSetValues: self = .optionSetValues(try value())
        case .money: self = .money(try value())
        case .activityParty: self = .activityParty(try value())
        case .geography: self = .geography(try value())
        case .geometry: self = .geometry(try value())
        case .enumMember: self = .enumMember(try value())
        case .complex: self = .complex(try value())
        case .collection: self = .collection(try value())
        case .untyped: self = .untyped(try value())
        }
    }

    /// Encodes a single-key object naming the case, e.g. `{"string": "x"}`, or `{"null": true}` for `.null`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Tag.self)
        switch self {
        case .null: try container.encode(true, forKey: .null)
        case .boolean(let value): try container.encode(value, forKey: .boolean)
        case .byte(let value): try container.encode(value, forKey: .byte)
        case .sbyte(let value): try container.encode(value, forKey: .sbyte)
        case .int16(let value): try container.encode(value, forKey: .int16)
        case .int32(let value): try container.encode(value, forKey: .int32)
        case .int64(let value): try container.encode(value, forKey: .int64)
        case .single(let value): try container.encode(CodableFloatingPoint(value), forKey: .single)
        case .double(let value): try container.encode(CodableFloatingPoint(value), forKey: .double)
        case .decimal(let value): try container.encode(CodableDecimal(value), forKey: .decimal)
        case .string(let value): try container.encode(value, forKey: .string)
        case .guid(let value): try container.encode(value, forKey: .guid)
        case .binary(let value): try container.encode(value, forKey: .binary)
        case .dateTimeOffset(let value):
            try container.encode(CodableFloatingPoint(value.timeIntervalSinceReferenceDate), forKey: .dateTimeOffset)
        case .date(let value): try container.encode(value, forKey: .date)
        case .timeOfDay(let value): try container.encode(value, forKey: .timeOfDay)
        case .duration(let value): try container.encode(value, forKey: .duration)
        case .entityReference(let value): try container.encode(value, forKey: .entityReference)
        case .optionSetValue(let value): try container.encode(value, forKey: .optionSetValue)
        case .optionSetValues(let value): try container.encode(value, forKey: .optionSetValues)
        case .money(let value): try container.encode(value, forKey: .money)
        case .activityParty(let value): try container.encode(value, forKey: .activityParty)
        case .geography(let value): try container.encode(value, forKey: .geography)
        case .geometry(let value): try container.encode(value, forKey: .geometry)
        case .enumMember(let value): try container.encode(value, forKey: .enumMember)
        case .complex(let value): try container.encode(value, forKey: .complex)
        case .collection(let value): try container.encode(value, forKey: .collection)
        case .untyped(let value): try container.encode(value, forKey: .untyped)
        }
    }
}
