import Foundation

/// One value of a payload, handed to an ``ODataRecordSink`` to read in the form it keeps: typed as the decoder reads
/// it for an entity (``readValue(as:)``), or as plain numbers and text without an ``AttributeValue`` in between.
///
/// A field points into the payload's bytes: it is valid only during the call that receives it. A value the sink
/// does not read is skipped.
package struct ODataField {
    var reader: JSONReader
    /// The JSON dialect of the payload.
    package let version: ODataVersion
    /// The attribute's place among those of the record's class, for a sink's own lookup tables: the same attribute
    /// of the same class always has the same index, from 0 up to the number of the class's attributes; nil for an
    /// attribute the class does not declare.
    package let propertyIndex: Int?
    /// The declared property whose value this is, in the box the decoder keeps while the field lives: a field is
    /// made per value, and a copy of the metadata would cost more than reading most values.
    private let resolved: Kept<ResolvedProperty>?
    /// Whether a read consumed the value.
    private(set) var isConsumed = false

    init(_ reader: JSONReader, version: ODataVersion, propertyIndex: Int?, property: Kept<ResolvedProperty>? = nil) {
        self.reader = reader
        self.version = version
        self.propertyIndex = propertyIndex
        resolved = property
    }

    /// The declared property whose value this is; nil for an annotation's value.
    package var property: PropertyMetadata? { resolved?.object.metadata }

    /// Reads with the decoder's own conversions (which need no registry).
    private var decoder: ODataJSONDecoder { ODataJSONDecoder(version: version) }

    /// Consumes a `null`; false, consuming nothing, when another value follows.
    package mutating func readNull() throws -> Bool {
        let isNull = try reader.readNull()
        isConsumed = isConsumed || isNull
        return isNull
    }

    /// The value typed as `property` says, exactly as an entity gets it.
    package mutating func readValue(as property: PropertyMetadata) throws -> AttributeValue {
        defer { isConsumed = true }
        return try decoder.readValue(&reader, property.type, collection: property.isCollection)
    }

    /// A boolean.
    package mutating func readBool() throws -> Bool {
        defer { isConsumed = true }
        return try reader.readBool()
    }

    /// An integer of the Edm type `type` (`.byte` through `.int64`, or an option set's `Int32`): a JSON number, or a
    /// string holding one (IEEE754Compatible, OData v2); out of the type's range is an error.
    package mutating func readInteger(_ type: PropertyType) throws -> Int64 {
        defer { isConsumed = true }
        let decoder = decoder
        switch type {
        case .byte: return Int64(try decoder.readInteger(&reader, UInt8.self))
        case .sbyte: return Int64(try decoder.readInteger(&reader, Int8.self))
        case .int16: return Int64(try decoder.readInteger(&reader, Int16.self))
        case .int32, .optionSet: return Int64(try decoder.readInteger(&reader, Int32.self))
        default: return try decoder.readInteger(&reader, Int64.self)
        }
    }

    /// A floating-point number, from a number or a string (`INF`, `NaN` and the like included).
    package mutating func readDouble() throws -> Double {
        defer { isConsumed = true }
        return try decoder.readDouble(&reader)
    }

    /// A point in time: ISO 8601 text or OData v2's `/Date(…)/`.
    package mutating func readDate() throws -> Date {
        defer { isConsumed = true }
        return try decoder.readDate(&reader)
    }

    /// A GUID.
    package mutating func readGuid() throws -> UUID {
        defer { isConsumed = true }
        return try decoder.readGuid(&reader)
    }

    /// Calls `body` with a GUID's text in lower case, the form services write it in, once it is known to be one.
    package mutating func readGuidText<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) throws -> Result {
        defer { isConsumed = true }
        let start = reader
        guard let bytes = try reader.readPlainStringBytes(), let hasUpperCase = EdmText.guidHasUpperCase(bytes) else {
            throw start.error("expected a GUID")
        }
        guard hasUpperCase else { return try body(bytes) }
        let lowercased = bytes.map { (UInt8(ascii: "A")...UInt8(ascii: "F")).contains($0) ? $0 | 0x20 : $0 }
        return try lowercased.withUnsafeBufferPointer(body)
    }

    /// Calls `body` with an Edm.Date's text as ``DateOnly/description`` writes it (`yyyy-mm-dd`).
    package mutating func readDateText<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) throws -> Result {
        defer { isConsumed = true }
        var probe = reader
        if let bytes = try probe.readPlainStringBytes(), EdmText.date(bytes) != nil {
            reader = probe
            return try body(bytes)
        }
        guard case .date(let date) = try decoder.readValue(&reader, .date, collection: false) else {
            throw reader.error("expected an Edm.Date")
        }
        var text = date.description
        return try text.withUTF8(body)
    }

    /// Calls `body` with a decimal's text as the payload writes it (a number, or a string holding one), once it is
    /// known to be a decimal the runtime reads.
    package mutating func readDecimalText<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) throws
        -> Result
    {
        defer { isConsumed = true }
        return try body(try decoder.readDecimalBytes(&reader))
    }

    /// Calls `body` with a string's UTF-8 bytes, escapes decoded.
    package mutating func readText<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) throws -> Result {
        defer { isConsumed = true }
        if let bytes = try reader.readPlainStringBytes() { return try body(bytes) }
        var text = try reader.readString()
        return try text.withUTF8(body)
    }
}
