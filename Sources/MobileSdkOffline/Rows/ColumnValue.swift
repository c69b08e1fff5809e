import Foundation
import GRDB
import MobileSdk

/// Attribute values to and from the values of their columns (see ``ColumnKind``).
enum ColumnValue {
    private static let taggedEncoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }()

    /// The column value of `value` for a column of `column`'s kind.
    static func encode(_ value: AttributeValue, for column: EntityTable.Column) throws -> DatabaseValue {
        if case .null = value { return .null }
        switch (column.kind, value) {
        case (.integer, .boolean(let bool)): return (bool ? 1 : 0).databaseValue
        case (.integer, .byte(let number)): return Int64(number).databaseValue
        case (.integer, .sbyte(let number)): return Int64(number).databaseValue
        case (.integer, .int16(let number)): return Int64(number).databaseValue
        case (.integer, .int32(let number)): return Int64(number).databaseValue
        case (.integer, .int64(let number)): return number.databaseValue
        case (.integer, .optionSetValue(let option)): return Int64(option.value).databaseValue
        case (.integer, .timeOfDay(let time)): return nanoseconds(time).databaseValue
        case (.real, .single(let number)): return Double(number).databaseValue
        case (.real, .double(let number)): return number.databaseValue
        case (.real, .dateTimeOffset(let date)): return date.timeIntervalSinceReferenceDate.databaseValue
        case (.decimal, .decimal(let number)): return number.description.databaseValue
        case (.decimal, .money(let money)): return money.value.description.databaseValue
        case (.text, .string(let text)), (.text, .enumMember(let text)): return text.databaseValue
        case (.text, .guid(let id)): return id.uuidString.lowercased().databaseValue
        case (.text, .date(let date)): return date.description.databaseValue
        case (.blob, .binary(let data)): return data.databaseValue
        case (.lookup, .entityReference(let reference)):
            var text = reference.id.uuidString.lowercased() + " " + reference.logicalName
            if let name = reference.name { text += " " + name }
            return text.databaseValue
        // A lookup compared with a GUID in a filter.
        case (.lookup, .guid(let id)): return id.uuidString.lowercased().databaseValue
        case (.tagged, _): return try tagged(value)
        default:
            throw OfflineStoreError.invalidValue(
                "the value \(value) does not fit \(column.name), a property of type \(column.property.type)"
            )
        }
    }

    /// The attribute value a column holds.
    static func decode(_ stored: DatabaseValue, for column: EntityTable.Column) throws -> AttributeValue {
        if column.kind == .tagged, case .string(let text) = stored.storage {
            do { return try JSONDecoder().decode(AttributeValue.self, from: Data(text.utf8)) } catch {
                throw OfflineStoreError.corruptStore("the column \(column.name) holds no value the runtime reads")
            }
        }
        switch stored.storage {
        case .null: return .null
        case .int64(let number):
            switch column.property.type {
            case .boolean: return .boolean(number != 0)
            case .byte: if let value = UInt8(exactly: number) { return .byte(value) }
            case .sbyte: if let value = Int8(exactly: number) { return .sbyte(value) }
            case .int16: if let value = Int16(exactly: number) { return .int16(value) }
            case .int32: if let value = Int32(exactly: number) { return .int32(value) }
            case .int64: return .int64(number)
            case .optionSet: if let value = Int32(exactly: number) { return .optionSetValue(OptionSetValue(value)) }
            case .timeOfDay: if let time = timeOfDay(nanoseconds: number) { return .timeOfDay(time) }
            default: break
            }
        case .double(let number):
            switch column.property.type {
            case .double: return .double(number)
            case .single: return .single(Float(number))
            case .dateTimeOffset, .dateTime: return .dateTimeOffset(Date(timeIntervalSinceReferenceDate: number))
            default: break
            }
        case .string(let text):
            switch column.property.type {
            case .string: return .string(text)
            case .enumeration: return .enumMember(text)
            case .guid: if let id = UUID(uuidString: text) { return .guid(id) }
            case .date: if let date = DateOnly(text) { return .date(date) }
            case .decimal:
                if let number = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) {
                    return .decimal(number)
                }
            case .money:
                if let number = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) {
                    return .money(Money(number))
                }
            case .lookup: if let reference = lookup(text) { return .entityReference(reference) }
            default: break
            }
        case .blob(let data): if case .binary = column.property.type { return .binary(data) }
        }
        throw OfflineStoreError.corruptStore("the column \(column.name) holds \(stored), not a \(column.property.type)")
    }

    /// A value in a filter, as the column it is compared with holds it.
    static func literal(_ value: AttributeValue, for column: EntityTable.Column) throws -> DatabaseValue {
        try encode(value, for: column)
    }

    /// A lookup's text: `<GUID> <logical name>[ <name>]`.
    private static func lookup(_ text: String) -> EntityReference? {
        let parts = text.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, let id = UUID(uuidString: String(parts[0])) else { return nil }
        return EntityReference(logicalName: String(parts[1]), id: id, name: parts.count == 3 ? String(parts[2]) : nil)
    }

    private static func tagged(_ value: AttributeValue) throws -> DatabaseValue {
        String(decoding: try taggedEncoder.encode(value), as: UTF8.self).databaseValue
    }

    private static func nanoseconds(_ time: TimeOfDay) -> Int64 {
        ((Int64(time.hour) * 60 + Int64(time.minute)) * 60 + Int64(time.second)) * 1_000_000_000
            + Int64(time.nanosecond)
    }

    private static func timeOfDay(nanoseconds: Int64) -> TimeOfDay? {
        guard nanoseconds >= 0, nanoseconds < 86_400_000_000_000 else { return nil }
        let seconds = nanoseconds / 1_000_000_000
        return TimeOfDay(
            hour: Int(seconds / 3600),
            minute: Int(seconds / 60 % 60),
            second: Int(seconds % 60),
            nanosecond: Int(nanoseconds % 1_000_000_000)
        )
    }
}
