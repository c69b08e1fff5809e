import Foundation

/// Values encode as a single-key object naming the case, like ``AttributeValue``: `{"number": "1.5"}`,
/// `{"object": {"a": {"null": true}}}`. Numbers encode as decimal text that keeps every digit.
extension UntypedValue: Codable {
    /// The keys naming the cases.
    private enum Tag: String, CodingKey { case null, bool, number, string, array, object }

    /// Decodes the single-key object `encode(to:)` writes, e.g. `{"number": "1.5"}`; throws `DecodingError` for
    /// another shape or an unknown case name.
    public init(from decoder: any Decoder) throws {
        let (tag, container) = try decoder.singleTag(Tag.self, of: "UntypedValue")
        switch tag {
        case .null: self = .null
        case .bool: self = .bool(try container.decode(Bool.self, forKey: tag))
        case .number: self = .number(try container.decode(CodableDecimal.self, forKey: tag).value)
        case .string: self = .string(try container.decode(String.self, forKey: tag))
        case .array: self = .array(try container.decode([UntypedValue].self, forKey: tag))
        case .object: self = .object(try container.decode([String: UntypedValue].self, forKey: tag))
        }
    }

    /// Encodes a single-key object naming the case, e.g. `{"bool": true}`; numbers as decimal text.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Tag.self)
        switch self {
        case .null: try container.encode(true, forKey: .null)
        case .bool(let value): try container.encode(value, forKey: .bool)
        case .number(let value): try container.encode(CodableDecimal(value), forKey: .number)
        case .string(let value): try container.encode(value, forKey: .string)
        case .array(let values): try container.encode(values, forKey: .array)
        case .object(let members): try container.encode(members, forKey: .object)
        }
    }
}
