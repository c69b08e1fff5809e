import Foundation

/// A deterministic, readable rendering: strings quoted, dictionaries sorted by key.
extension AttributeValue: CustomStringConvertible {
    /// The value as readable text: strings quoted, GUIDs lowercase, dates in ISO 8601 with fractional seconds,
    /// binary data as `binary(<base64>)`, complex values with their properties sorted by name.
    public var description: String {
        switch self {
        case .null: "null"
        case .boolean(let value): value.description
        case .byte(let value): value.description
        case .sbyte(let value): value.description
        case .int16(let value): value.description
        case .int32(let value): value.description
        case .int64(let value): value.description
        case .single(let value): value.description
        case .double(let value): value.description
        case .decimal(let value): value.description
        case .string(let value): String(reflecting: value)
        case .guid(let value): value.uuidString.lowercased()
        case .binary(let value): "binary(\(value.base64EncodedString()))"
        case .dateTimeOffset(let value): Self.iso8601(value)
        case .date(let value): value.description
        case .timeOfDay(let value): value.description
        case .duration(let value): value.description
        case .entityReference(let value): value.description
        case .optionSetValue(let value): value.description
        case .optionSetValues(let values): "[\(values.map(\.description).joined(separator: ", "))]"
        case .money(let value): value.description
        case .activityParty(let value): value.description
        case .geography(let value): "geography'\(value)'"
        case .geometry(let value): "geometry'\(value)'"
        case .enumMember(let name): "enum(\(name))"
        case .complex(let properties):
            "{\(properties.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", "))}"
        case .collection(let values): "[\(values.map(\.description).joined(separator: ", "))]"
        case .untyped(let value): value.description
        }
    }

    private static func iso8601(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }
}
