import Foundation

/// Typed values: each Edm type in its JSON forms (numbers sent as strings included).
extension ODataJSONDecoder {
    func readValue(_ reader: inout JSONReader, _ type: PropertyType, collection: Bool) throws -> AttributeValue {
        if try reader.readNull() { return .null }
        if collection {
            if case .optionSet = type { return try readOptionSetValues(&reader) }
            if version == .v2, try reader.peek() == .object {
                // Verbose JSON: `{"__metadata": {…}, "results": […]}`.
                let elements = try readVerboseWrapper(&reader, member: "results") { try readElements(&$0, type) }
                return .collection(elements ?? [])
            }
            return .collection(try readElements(&reader, type))
        }
        switch type {
        case .boolean: return .boolean(try reader.readBool())
        case .byte: return .byte(try readInteger(&reader, UInt8.self))
        case .sbyte: return .sbyte(try readInteger(&reader, Int8.self))
        case .int16: return .int16(try readInteger(&reader, Int16.self))
        case .int32: return .int32(try readInteger(&reader, Int32.self))
        case .int64: return .int64(try readInteger(&reader, Int64.self))
        case .single: return .single(try readFloat(&reader))
        case .double: return .double(try readDouble(&reader))
        case .decimal: return .decimal(try readDecimal(&reader))
        case .string: return .string(try reader.readString())
        case .guid: return .guid(try readGuid(&reader))
        case .binary: return .binary(try readBinary(&reader))
        case .dateTimeOffset, .dateTime: return .dateTimeOffset(try readDate(&reader))
        case .date:
            let text: String
            if let bytes = try reader.readPlainStringBytes() {
                if let date = EdmText.date(bytes) { return .date(date) }
                text = String(decoding: bytes, as: UTF8.self)
            } else {
                text = try reader.readString()
            }
            guard let date = DateOnly(text) else { throw reader.error("'\(text)' is not an Edm.Date") }
            return .date(date)
        case .timeOfDay: return .timeOfDay(try readTimeOfDay(&reader))
        case .duration:
            let text = try reader.readString()
            guard let duration = EdmDuration(text) else { throw reader.error("'\(text)' is not an Edm.Duration") }
            return .duration(duration)
        case .geography: return .geography(try readSpatial(&reader))
        case .geometry: return .geometry(try readSpatial(&reader))
        case .untyped: return .untyped(try reader.readUntyped())
        case .enumeration:
            if try reader.peek() == .number {
                return .enumMember(String(decoding: try reader.readNumberBytes(), as: UTF8.self))
            }
            return .enumMember(try reader.readString())
        case .optionSet:
            if version == .v2, try reader.peek() == .object {
                let value = try readVerboseWrapper(&reader, member: "Value") { try readInteger(&$0, Int32.self) }
                return value.map { .optionSetValue(OptionSetValue($0)) } ?? .null
            }
            return .optionSetValue(OptionSetValue(try readInteger(&reader, Int32.self)))
        case .money:
            if version == .v2, try reader.peek() == .object {
                let value = try readVerboseWrapper(&reader, member: "Value") { try readDecimal(&$0) }
                return value.map { .money(Money($0)) } ?? .null
            }
            return .money(Money(try readDecimal(&reader)))
        case .lookup:
            if try reader.peek() == .object { return try readVerboseEntityReference(&reader) }
            return .entityReference(EntityReference(logicalName: "", id: try readGuid(&reader)))
        case .complex(let complexType): return .complex(try readComplex(&reader, table: PropertyTable.of(complexType)))
        case .navigation, .stream:
            try reader.skipValue()
            return .null
        case .file: return .guid(try readGuid(&reader))
        }
    }

    /// The elements of a JSON array, each a `type`.
    private func readElements(_ reader: inout JSONReader, _ type: PropertyType) throws -> [AttributeValue] {
        var elements: [AttributeValue] = []
        try reader.beginArray()
        while try reader.nextElement() { elements.append(try readValue(&reader, type, collection: false)) }
        return elements
    }

    /// A complex value: typed members where the table knows them, the rest by shape.
    func readComplex(_ reader: inout JSONReader, table: PropertyTable) throws -> [String: AttributeValue] {
        var members: [String: AttributeValue] = [:]
        var dynamicTypes: [String: String] = [:]
        try reader.beginObject()
        while let key = try reader.nextKey() {
            if key.utf8.first == UInt8(ascii: "@") || key == "__metadata" {
                try reader.skipValue()
            } else if let at = key.firstIndex(of: "@") {
                if ODataAnnotation.controlName(String(key[at...])) == "type" {
                    dynamicTypes[String(key[..<at])] = ODataAnnotation.qualifiedTypeName(try reader.readString())
                } else {
                    try reader.skipValue()
                }
            } else if let property = table.byPropertyName[key] {
                members[property.name] = try readValue(&reader, property.type, collection: property.isCollection)
            } else {
                members[key] = try readDynamic(&reader, typeName: dynamicTypes[key])
            }
        }
        return members
    }

    /// A value without metadata: typed by its `@odata.type` annotation when there is one, else by its JSON shape
    /// (strings, booleans, `int32`/`int64`/`decimal` numbers, objects as complex values, arrays as collections).
    func readDynamic(_ reader: inout JSONReader, typeName: String?) throws -> AttributeValue {
        if let typeName, let (type, collection) = Self.primitiveType(named: typeName) {
            return try readValue(&reader, type, collection: collection)
        }
        switch try reader.peek() {
        case .null:
            _ = try reader.readNull()
            return .null
        case .bool: return .boolean(try reader.readBool())
        case .string: return .string(try reader.readString())
        case .number:
            let text = try reader.readNumberBytes()
            if let integer = EdmText.int64(text) {
                return Int32(exactly: integer).map(AttributeValue.int32) ?? .int64(integer)
            }
            guard let decimal = EdmText.decimal(text) else { throw reader.error("number out of range") }
            return .decimal(decimal)
        case .object: return .complex(try readComplex(&reader, table: .empty))
        case .array:
            var elements: [AttributeValue] = []
            try reader.beginArray()
            while try reader.nextElement() { elements.append(try readDynamic(&reader, typeName: nil)) }
            return .collection(elements)
        }
    }

    /// The primitive type a type annotation names, and whether it is a collection of it: `Edm.Int64`,
    /// `Collection(Edm.Guid)`, `Edm.GeographyPoint`; nil for other types (complex, entity, enumeration).
    static func primitiveType(named typeName: String) -> (PropertyType, Bool)? {
        var name = Substring(typeName)
        let collection = name.hasPrefix("Collection(") && name.hasSuffix(")")
        if collection { name = name.dropFirst(11).dropLast() }
        let qualified = ODataAnnotation.qualifiedTypeName(String(name))
        if let type = primitiveTypes[qualified] { return (type, collection) }
        if qualified.hasPrefix("Edm.Geography") { return (.geography, collection) }
        if qualified.hasPrefix("Edm.Geometry") { return (.geometry, collection) }
        return nil
    }

    static let primitiveTypes: [String: PropertyType] = [
        "Edm.Boolean": .boolean, "Edm.Byte": .byte, "Edm.SByte": .sbyte, "Edm.Int16": .int16, "Edm.Int32": .int32,
        "Edm.Int64": .int64, "Edm.Single": .single, "Edm.Double": .double, "Edm.Decimal": .decimal,
        "Edm.String": .string, "Edm.Guid": .guid, "Edm.Binary": .binary, "Edm.DateTimeOffset": .dateTimeOffset,
        "Edm.DateTime": .dateTime, "Edm.Date": .date, "Edm.TimeOfDay": .timeOfDay, "Edm.Duration": .duration,
        "Edm.Untyped": .untyped,
    ]

    // MARK: Scalars

    func readInteger<T: FixedWidthInteger>(_ reader: inout JSONReader, _ type: T.Type) throws -> T {
        let text: UnsafeBufferPointer<UInt8>
        if try reader.peek() == .string {
            // IEEE754Compatible=true and OData v2 write Int64 as a string.
            guard let bytes = try reader.readPlainStringBytes() else { throw reader.error("expected an integer") }
            text = bytes
        } else {
            text = try reader.readNumberBytes()
        }
        guard let value = EdmText.int64(text), let result = T(exactly: value) else {
            throw reader.error("'\(String(decoding: text, as: UTF8.self))' is not a \(T.self)")
        }
        return result
    }

    /// A JSON number, or a string holding one or `INF`, `-INF`, `NaN` (IEEE754Compatible, OData v2).
    func readDouble(_ reader: inout JSONReader) throws -> Double {
        if try reader.peek() == .string {
            let text = try reader.readString()
            let value =
                text == "Infinity"
                ? .infinity
                : text == "-Infinity" ? -.infinity : Array(text.utf8).withUnsafeBufferPointer(EdmText.double)
            guard let value else { throw reader.error("'\(text)' is not a number") }
            return value
        }
        let text = try reader.readNumberBytes()
        guard let value = EdmText.double(text) else { throw reader.error("number out of range") }
        return value
    }

    /// An Edm.Single, parsed as a `Float` directly (going through `Double` could round twice).
    private func readFloat(_ reader: inout JSONReader) throws -> Float {
        let text: String
        if try reader.peek() == .string {
            text = try reader.readString()
            switch text {
            case "INF", "Infinity": return .infinity
            case "-INF", "-Infinity": return -.infinity
            case "NaN": return .nan
            default: break
            }
        } else {
            text = String(decoding: try reader.readNumberBytes(), as: UTF8.self)
        }
        guard Array(text.utf8).withUnsafeBufferPointer(EdmText.isJSONNumber), let value = Float(text) else {
            throw reader.error("'\(text)' is not a number")
        }
        return value
    }

    func readDecimal(_ reader: inout JSONReader) throws -> Decimal {
        let text = try decimalText(&reader)
        guard let value = EdmText.decimal(text) else { throw notADecimal(text, reader) }
        return value
    }

    /// A decimal's text (a number, or a string holding one), checked to be one ``readDecimal(_:)`` reads.
    func readDecimalBytes(_ reader: inout JSONReader) throws -> UnsafeBufferPointer<UInt8> {
        let text = try decimalText(&reader)
        guard EdmText.decimal(text) != nil else { throw notADecimal(text, reader) }
        return text
    }

    private func decimalText(_ reader: inout JSONReader) throws -> UnsafeBufferPointer<UInt8> {
        guard try reader.peek() == .string else { return try reader.readNumberBytes() }
        guard let bytes = try reader.readPlainStringBytes() else { throw reader.error("expected a decimal") }
        return bytes
    }

    private func notADecimal(_ text: UnsafeBufferPointer<UInt8>, _ reader: JSONReader) -> JSONPayloadError {
        reader.error("'\(String(decoding: text, as: UTF8.self))' is not a decimal")
    }

    func readGuid(_ reader: inout JSONReader) throws -> UUID {
        guard let bytes = try reader.readPlainStringBytes(), let guid = EdmText.guid(bytes) else {
            throw reader.error("expected a GUID")
        }
        return guid
    }

    private func readBinary(_ reader: inout JSONReader) throws -> Data {
        // base64url (OData v4) or base64 (OData v2, Dataverse).
        var text = try reader.readString()
        text = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        text += String(repeating: "=", count: (4 - text.utf8.count % 4) % 4)
        guard let data = Data(base64Encoded: text) else { throw reader.error("expected base64 data") }
        return data
    }

    func readDate(_ reader: inout JSONReader) throws -> Date {
        if let bytes = try reader.readPlainStringBytes() {
            if let date = EdmText.legacyDate(bytes) ?? EdmText.dateTimeOffset(bytes) { return date }
            throw reader.error("'\(String(decoding: bytes, as: UTF8.self))' is not a date and time")
        }
        let text = try reader.readString()
        let date = Array(text.utf8).withUnsafeBufferPointer { EdmText.legacyDate($0) ?? EdmText.dateTimeOffset($0) }
        guard let date else { throw reader.error("'\(text)' is not a date and time") }
        return date
    }

    private func readTimeOfDay(_ reader: inout JSONReader) throws -> TimeOfDay {
        let text = try reader.readString()
        if let time = TimeOfDay(text) { return time }
        // OData v2's Edm.Time is a duration since midnight.
        if let duration = EdmDuration(text), duration.seconds >= 0, duration.seconds < 86_400 {
            let nanoseconds = NSDecimalNumber(decimal: duration.seconds * 1_000_000_000).int64Value
            return TimeOfDay(
                hour: Int(nanoseconds / 3_600_000_000_000),
                minute: Int(nanoseconds / 60_000_000_000 % 60),
                second: Int(nanoseconds / 1_000_000_000 % 60),
                nanosecond: Int(nanoseconds % 1_000_000_000)
            )
        }
        throw reader.error("'\(text)' is not a time of day")
    }

    private func readSpatial(_ reader: inout JSONReader) throws -> SpatialValue {
        let json = try reader.readUntyped()
        guard let value = GeoJSON.spatialValue(json) else { throw reader.error("expected a GeoJSON object") }
        return value
    }

    /// Dataverse multi-select option sets arrive as `"1,2,3"`; other services send an array.
    private func readOptionSetValues(_ reader: inout JSONReader) throws -> AttributeValue {
        var values: [OptionSetValue] = []
        if try reader.peek() == .string {
            let text = try reader.readString()
            for part in text.split(separator: ",") {
                guard let value = Int32(part.trimmingCharacters(in: .whitespaces)) else {
                    throw reader.error("'\(text)' is not a list of options")
                }
                values.append(OptionSetValue(value))
            }
        } else {
            try reader.beginArray()
            while try reader.nextElement() { values.append(OptionSetValue(try readInteger(&reader, Int32.self))) }
        }
        return .optionSetValues(values)
    }

    // MARK: OData v2 (CRM 2011) complex values

    /// `{"Value": …}` as CRM's OptionSetValue and Money send it; nil when the value is null.
    private func readVerboseWrapper<T>(
        _ reader: inout JSONReader,
        member: String,
        _ body: (inout JSONReader) throws -> T
    ) throws -> T? {
        var result: T?
        try reader.beginObject()
        while let key = try reader.nextKey() {
            if key == member, !(try reader.readNull()) {
                result = try body(&reader)
            } else if key != member {
                try reader.skipValue()
            }
        }
        return result
    }

    /// CRM's EntityReference: `{"Id": …, "LogicalName": …, "Name": …}`; null when it has no id.
    private func readVerboseEntityReference(_ reader: inout JSONReader) throws -> AttributeValue {
        var id: UUID?
        var logicalName = ""
        var name: String?
        try reader.beginObject()
        while let key = try reader.nextKey() {
            if try reader.readNull() { continue }
            switch key {
            case "Id": id = try readGuid(&reader)
            case "LogicalName": logicalName = try reader.readString()
            case "Name": name = try reader.readString()
            default: try reader.skipValue()
            }
        }
        guard let id else { return .null }
        return .entityReference(EntityReference(logicalName: logicalName, id: id, name: name))
    }
}

extension JSONReader {
    /// Steps into `{"d": ` of a verbose JSON response.
    mutating func enterVerboseEnvelope() throws {
        try beginObject()
        guard let key = try nextKey(), key == "d" else {
            throw error("expected the \"d\" member of OData verbose JSON")
        }
    }

    /// Steps out of the envelope, skipping any other members.
    mutating func leaveVerboseEnvelope() throws { while try nextKey() != nil { try skipValue() } }
}
