import Foundation

/// Values as OData URL literals (keys, function parameters, filters): `'O''Neil'`, `2024-05-01T12:00:00Z`, and the
/// prefixed OData v2 forms such as `guid'…'`, `datetime'…'`, `12L`, `1.5M`.
public enum ODataLiteral {
    /// The literal of `value`; throws ``ODataEncodingError`` for values that have none (collections, complex values).
    public static func format(_ value: AttributeValue, version: ODataVersion) throws -> String {
        switch value {
        case .null: return "null"
        case .boolean(let flag): return flag ? "true" : "false"
        case .byte(let number): return String(number)
        case .sbyte(let number): return String(number)
        case .int16(let number): return String(number)
        case .int32(let number): return String(number)
        case .int64(let number): return version == .v2 ? "\(number)L" : String(number)
        case .single(let number): return version == .v2 ? "\(number)f" : number.description
        case .double(let number): return version == .v2 ? "\(number)d" : number.description
        case .decimal(let number): return version == .v2 ? "\(number)M" : number.description
        case .money(let money): return version == .v2 ? "\(money.value)M" : money.value.description
        case .string(let text), .enumMember(let text): return quoted(text)
        case .guid(let guid):
            return version == .v2 ? "guid'\(guid.uuidString.lowercased())'" : guid.uuidString.lowercased()
        case .dateTimeOffset(let date):
            let text = iso8601(date)
            return version == .v2 ? "datetime'\(text.dropLast())'" : text
        case .date(let date): return date.description
        case .timeOfDay(let time): return version == .v2 ? "time'\(time.description)'" : time.description
        case .duration(let duration): return "duration'\(duration.description)'"
        case .optionSetValue(let option): return String(option.value)
        case .entityReference(let reference): return try format(.guid(reference.id), version: version)
        case .binary(let data): return "binary'\(data.base64EncodedString())'"
        default: throw ODataEncodingError(message: "\(value) cannot be written in a URL")
        }
    }

    /// `'text'` with single quotes doubled.
    public static func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "''") + "'" }

    private static func iso8601(_ date: Date) -> String { EdmText.format(date) }
}

/// Percent-encoding for the parts of OData URLs.
public enum URLText {
    private static let pathAllowed = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$'()*,;=:@/"
    )
    /// `=` stays readable in values such as `$expand=Friends($select=Name)`; `&`, `+`, `#` and spaces are encoded.
    private static let queryAllowed = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$'()*,;:@/?="
    )

    /// A path segment or path: everything but unreserved characters and OData's sub-delimiters encoded.
    public static func path(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: pathAllowed) ?? text
    }

    /// A query option's name or value: `&`, `+`, `#`, spaces and non-ASCII characters encoded.
    public static func query(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: queryAllowed) ?? text
    }
}
