import Foundation
import MobileSdk

/// A record's key as the store keeps it: the OData v4 key segment of its key values in key order, `('a')` for a key
/// of one property and `(TripId=1,UserName='a')` for more, with GUIDs in lower case. The same text comes from an
/// entity's values and from the ids a delta payload names removed records by.
enum StoreKey {
    /// The prefix of the key of a record created here whose key only the service can give.
    static let localPrefix = "local:"

    /// The key of a record contained in the record `parent` through `navigation`, whose own key is `key`: its path
    /// from the top record holding it, as in its canonical URL (`People('russellwhyte')/Trips(1)`) without the
    /// entity set — `('russellwhyte')/Trips(1)`. A contained record's own key is unique only within its parent.
    static func contained(in parent: String, navigation: String, key: String) -> String {
        parent + "/" + navigation + key
    }

    /// The range of keys of the records contained in `parent`, at any depth: `lower <= key < upper`, which the
    /// key's index answers (keys compare as bytes, and `0` follows `/`).
    static func containedRange(of parent: String) -> (lower: String, upper: String) { (parent + "/", parent + "0") }

    /// The id of a local identity `local:<GUID>`; nil for a key the service gave.
    static func localID(_ key: String) -> UUID? {
        key.hasPrefix(localPrefix) ? UUID(uuidString: String(key.dropFirst(localPrefix.count))) : nil
    }

    /// The key of `entity` in `table`, or nil when a key value is missing.
    static func of(_ entity: Entity, in table: EntityTable) throws -> String? {
        guard !table.keyColumns.isEmpty else { return entity.recordId.map { "(" + $0.uuidString.lowercased() + ")" } }
        return try of(values: table.keyColumns.map { entity[$0.name] }, in: table)
    }

    /// The key of the values of `table`'s key columns, in key order; nil when a value is missing or null.
    static func of(values: [AttributeValue?], in table: EntityTable) throws -> String? {
        if values.count == 1, case .guid(let id)? = values[0] { return "(" + id.uuidString.lowercased() + ")" }
        var literals: [String] = []
        for value in values {
            guard let value, value != .null else { return nil }
            literals.append(try literal(value))
        }
        return segment(literals, names: table.keyColumns.map(\.name))
    }

    /// The key `key` names in `table`.
    static func of(_ key: EntityKey, in table: EntityTable) throws -> String {
        switch key.storage {
        case .single(let value): return "(" + (try literal(value)) + ")"
        case .named(let components):
            let names = table.keyColumns.map(\.name)
            let literals = try names.map { name in
                guard let component = components.first(where: { $0.name == name }) else {
                    throw OfflineStoreError.missingKey("the key \(key) has no value for \(name) of \(table.type)")
                }
                return try literal(component.value)
            }
            return segment(literals, names: names)
        }
    }

    /// The key named by an entity id of a delta payload: a URL or path ending in a key segment
    /// (`…/People('a')`), or a bare GUID (Dataverse); nil when it names none.
    static func fromIdentifier(_ identifier: String, in table: EntityTable) -> String? {
        let text = identifier.removingPercentEncoding ?? identifier
        guard text.hasSuffix(")"), let open = text.lastIndex(of: "(") else {
            guard let id = UUID(uuidString: text) else { return nil }
            return "(" + id.uuidString.lowercased() + ")"
        }
        let inner = text[text.index(after: open)..<text.index(before: text.endIndex)]
        let parts = splitTopLevel(String(inner))
        let names = table.keyColumns.map(\.name)
        if parts.count == 1, !parts[0].contains("=") || parts[0].hasPrefix("'") {
            return segment([normalized(parts[0])], names: names.count == 1 ? names : [])
        }
        var byName: [String: String] = [:]
        for part in parts {
            guard let equals = part.firstIndex(of: "=") else { return nil }
            byName[String(part[..<equals])] = normalized(String(part[part.index(after: equals)...]))
        }
        let literals = names.compactMap { byName[$0] }
        guard literals.count == names.count, !names.isEmpty else { return nil }
        return segment(literals, names: names)
    }

    /// The key properties' values a key of this form holds, read by the types of the key columns; a value whose
    /// literal does not read is left out.
    static func values(of key: String, in table: EntityTable) -> [String: AttributeValue] {
        guard key.hasPrefix("("), key.hasSuffix(")") else { return [:] }
        let inner = String(key.dropFirst().dropLast())
        var values: [String: AttributeValue] = [:]
        if table.keyColumns.count == 1 {
            let column = table.keyColumns[0]
            values[column.name] = value(of: inner, type: column.property.type)
            return values
        }
        for part in splitTopLevel(inner) {
            guard let equals = part.firstIndex(of: "="),
                let column = table.keyColumns.first(where: { $0.name == part[..<equals] })
            else { continue }
            values[column.name] = value(of: String(part[part.index(after: equals)...]), type: column.property.type)
        }
        return values
    }

    /// A key literal as a value of `type`.
    private static func value(of literal: String, type: PropertyType) -> AttributeValue? {
        switch type {
        case .string:
            guard literal.hasPrefix("'"), literal.hasSuffix("'"), literal.count >= 2 else { return nil }
            return .string(String(literal.dropFirst().dropLast()).replacingOccurrences(of: "''", with: "'"))
        case .guid: return UUID(uuidString: literal).map(AttributeValue.guid)
        case .int16: return Int16(literal).map(AttributeValue.int16)
        case .int32: return Int32(literal).map(AttributeValue.int32)
        case .int64:
            return Int64(literal.hasSuffix("L") ? String(literal.dropLast()) : literal).map(AttributeValue.int64)
        case .byte: return UInt8(literal).map(AttributeValue.byte)
        case .sbyte: return Int8(literal).map(AttributeValue.sbyte)
        case .boolean: return literal == "true" ? .boolean(true) : literal == "false" ? .boolean(false) : nil
        default: return nil
        }
    }

    private static func segment(_ literals: [String], names: [String]) -> String {
        guard literals.count > 1 else { return "(" + (literals.first ?? "") + ")" }
        return "(" + zip(names, literals).map { $0 + "=" + $1 }.joined(separator: ",") + ")"
    }

    private static func literal(_ value: AttributeValue) throws -> String {
        if case .guid(let id) = value { return id.uuidString.lowercased() }
        return try ODataLiteral.format(value, version: .v4)
    }

    /// A literal as ``literal(_:)`` writes it: GUIDs in lower case.
    private static func normalized(_ literal: String) -> String {
        UUID(uuidString: literal) != nil ? literal.lowercased() : literal
    }

    /// `a,b` split at the commas outside quoted strings.
    private static func splitTopLevel(_ text: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var quoted = false
        for character in text {
            if character == "'" { quoted.toggle() }
            if character == ",", !quoted {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        parts.append(current)
        return parts
    }
}
