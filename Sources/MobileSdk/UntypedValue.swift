import Foundation

/// A value without a declared type (`Edm.Untyped`, open-type properties): the JSON data model.
public indirect enum UntypedValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Decimal)
    case string(String)
    case array([UntypedValue])
    case object([String: UntypedValue])
}

extension UntypedValue: CustomStringConvertible {
    /// JSON-like text with object members sorted by name.
    public var description: String {
        switch self {
        case .null: "null"
        case .bool(let value): value.description
        case .number(let value): value.description
        case .string(let value): String(reflecting: value)
        case .array(let values): "[\(values.map(\.description).joined(separator: ", "))]"
        case .object(let members): "{\(members.sorted { $0.key < $1.key }.map(Self.member).joined(separator: ", "))}"
        }
    }

    private static func member(_ entry: (key: String, value: UntypedValue)) -> String {
        "\(String(reflecting: entry.key)): \(entry.value)"
    }
}

extension UntypedValue: AttributeValueConvertible {
    /// Reads `.untyped`.
    public init?(attributeValue: AttributeValue) {
        guard case .untyped(let value) = attributeValue else { return nil }
        self = value
    }

    /// The value as `.untyped` (`Edm.Untyped`).
    public var attributeValue: AttributeValue { .untyped(self) }
}
