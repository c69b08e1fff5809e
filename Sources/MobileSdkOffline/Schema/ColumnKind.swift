import Foundation
import GRDB
import MobileSdk

/// How a property's values are kept in a column: in SQLite's own types where filters and orderings compare them,
/// else as the runtime's tagged JSON of the value (`{"money": "12.5"}`), which every value round-trips through.
enum ColumnKind: String, Sendable {
    /// Booleans (0 or 1), integers, option set values, times of day (nanoseconds since midnight).
    case integer
    /// Floating-point numbers; points in time as seconds since 2001 (what `Date` holds, so nothing is rounded).
    case real
    /// Decimals and money as their exact text, compared as numbers (`CAST(… AS REAL)`).
    case decimal
    /// Strings, GUIDs (lower case), dates (`yyyy-mm-dd`, which sorts as dates do), enumeration members.
    case text
    /// Binary values.
    case blob
    /// Dynamics lookups as `<GUID> <logical name>[ <name>]`: the GUID first (lower case), so that filters compare
    /// its 36 characters, as a service compares `_x_value`.
    case lookup
    /// Anything else: complex values, collections, durations, spatial and untyped values.
    case tagged

    /// The kind for a property of this metadata.
    init(_ property: PropertyMetadata) {
        guard !property.isCollection else {
            self = .tagged
            return
        }
        switch property.type {
        case .boolean, .byte, .sbyte, .int16, .int32, .int64, .optionSet, .timeOfDay: self = .integer
        case .single, .double, .dateTimeOffset, .dateTime: self = .real
        case .decimal, .money: self = .decimal
        case .string, .guid, .date, .enumeration: self = .text
        case .binary: self = .blob
        case .lookup: self = .lookup
        case .duration, .geography, .geometry, .untyped, .complex, .stream, .file, .navigation: self = .tagged
        }
    }

    /// The column's declared type, which sets SQLite's affinity.
    var sqlType: String {
        switch self {
        case .integer: "INTEGER"
        case .real: "REAL"
        case .decimal, .text, .tagged, .lookup: "TEXT"
        case .blob: "BLOB"
        }
    }

    /// Whether filters and orderings can compare the column's values directly.
    var isComparable: Bool { self != .tagged && self != .blob }
}
