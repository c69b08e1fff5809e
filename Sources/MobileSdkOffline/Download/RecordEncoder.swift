import Foundation
import GRDB
import MobileSdk

/// Reads a page's records into ``RecordBatch``es as the decoder hands them over value by value: each value goes from
/// the payload's bytes into the form its column keeps, without an entity object per record. A record the decoder
/// reads as an entity instead (one with expanded relations, say) travels as that entity.
struct RecordEncoder: ODataRecordSink {
    /// How a column's value is read from the payload: straight into the form the column keeps, or (`.value`)
    /// through the attribute value an entity would get.
    private enum Reading {
        case text, guid, date, boolean
        case integer(PropertyType)
        case real, dateTime, decimal, lookup, value

        /// The reading for `column`, in a payload of `version` (OData v2's CRM payloads wrap option sets, money and
        /// lookups in objects, which only the attribute value reads).
        init(_ column: EntityTable.Column, version: ODataVersion) {
            let property = column.property
            let isV4 = version == .v4
            switch (column.kind, property.type) {
            case _ where property.isCollection: self = .value
            case (.text, .string): self = .text
            case (.text, .guid): self = .guid
            case (.text, .date): self = .date
            case (.integer, .boolean): self = .boolean
            case (.integer, .byte), (.integer, .sbyte), (.integer, .int16), (.integer, .int32), (.integer, .int64):
                self = .integer(property.type)
            case (.integer, .optionSet) where isV4: self = .integer(property.type)
            case (.real, .double): self = .real
            case (.real, .dateTimeOffset), (.real, .dateTime): self = .dateTime
            case (.decimal, .decimal): self = .decimal
            case (.decimal, .money) where isV4: self = .decimal
            case (.lookup, .lookup) where isV4: self = .lookup
            default: self = .value
            }
        }
    }

    /// What a Dynamics lookup's text is made of, at offsets of the batch's text; its parts may come in any order.
    private struct Lookup {
        /// The GUID's text, in lower case.
        var id: Range<Int>?
        var target: Range<Int>?
        var name: Range<Int>?
    }

    /// The table's column positions for the attributes of one class, by `ODataField.propertyIndex`: -1 for no
    /// column, ``unknown`` until first met.
    private struct Positions {
        var byIndex: [Int] = []
        static let unknown = -2
    }

    private let table: EntityTable
    /// Column positions by storage name, the key columns', and how each column is read.
    private let positionsByName: [String: Int]
    private let keyPositions: [Int]
    /// The key column when the key is one GUID, whose text makes the record's key without a value in between.
    private let guidKeyPosition: Int?
    private let readings: [Reading]
    private let isLookup: [Bool]
    /// Where batches go, and where empty ones come from.
    private let channel: BatchChannel
    private let pool: BatchPool
    private let batchSize: Int
    private var batch: RecordBatch
    /// The positions for the table's class and for the derived classes met, and those of the class being read.
    private var basePositions = Positions()
    private var derivedPositions: [ObjectIdentifier: Positions] = [:]
    private var positions = Positions()
    /// For each column position, where the record's value is in the batch's values (-1 for none yet), and the
    /// positions set.
    private var valueIndexes: [Int]
    private var touched: [Int] = []
    private var lookups: [Lookup?]
    private var lookupPositions: [Int] = []
    private var keyValues: [AttributeValue?]
    private var guidKey: Range<Int>?
    private var type: Entity.Type
    private var eTag: String?
    /// Where the record's text and values start in the batch's.
    private var textStart = 0
    private var fieldsStart = 0

    init(table: EntityTable, version: ODataVersion, batchSize: Int = 64, channel: BatchChannel, pool: BatchPool) {
        self.table = table
        self.channel = channel
        self.pool = pool
        self.batchSize = batchSize
        batch = pool.emptyBatch()
        var positions: [String: Int] = [:]
        for (position, column) in table.columns.enumerated() { positions[column.name] = position }
        positionsByName = positions
        keyPositions = table.keyColumns.compactMap { positions[$0.name] }
        if keyPositions.count == 1, case .guid = table.columns[keyPositions[0]].property.type {
            guidKeyPosition = keyPositions[0]
        } else {
            guidKeyPosition = nil
        }
        readings = table.columns.map { Reading($0, version: version) }
        isLookup = table.columns.map { $0.kind == .lookup }
        valueIndexes = Array(repeating: -1, count: table.columns.count)
        lookups = Array(repeating: nil, count: table.columns.count)
        keyValues = Array(repeating: nil, count: keyPositions.count)
        type = table.type
    }

    /// Sends what is left; false when the receiver has gone.
    mutating func flush() -> Bool {
        guard batch.count > 0 else { return true }
        defer { batch = pool.emptyBatch() }
        return channel.send(.batch(batch))
    }

    // MARK: ODataRecordSink

    mutating func beginRecord(_ type: Entity.Type) {
        for position in touched { valueIndexes[position] = -1 }
        touched.removeAll(keepingCapacity: true)
        for index in keyValues.indices { keyValues[index] = nil }
        guidKey = nil
        for position in lookupPositions { lookups[position] = nil }
        lookupPositions.removeAll(keepingCapacity: true)
        // What a record that was then read as an entity left goes.
        batch.truncate(text: textStart, fields: fieldsStart)
        setType(type)
        eTag = nil
    }

    mutating func recordType(_ type: Entity.Type) { setType(type) }

    mutating func eTag(_ eTag: String?) { self.eTag = eTag }

    mutating func value(from field: inout ODataField) throws -> Bool {
        guard let index = field.propertyIndex, let position = position(of: field.property?.name, at: index) else {
            return true
        }
        if position == guidKeyPosition {
            // A record without its key is the entity path's to refuse.
            if try field.readNull() { return false }
            let key = try field.readGuidText { append($0) }
            guidKey = key
            set(position, .text(key))
        } else if let keyIndex = keyPositions.firstIndex(of: position) {
            let value = try field.readValue(as: field.property ?? table.columns[position].property)
            keyValues[keyIndex] = value
            set(position, .value(try ColumnValue.encode(value, for: table.columns[position])))
        } else if try field.readNull() {
            set(position, .null)
            if lookups[position] != nil { lookups[position]?.id = nil }
        } else {
            set(position, try read(&field, at: position))
        }
        return true
    }

    mutating func annotation(_ term: ODataRecordAnnotation, of attribute: String, from field: inout ODataField) throws {
        guard let position = position(of: attribute, at: field.propertyIndex), isLookup[position],
            !(try field.readNull())
        else { return }
        let text = try field.readText { append($0) }
        switch term {
        case .formattedValue: updateLookup(at: position) { $0.name = text }
        case .lookupLogicalName: updateLookup(at: position) { $0.target = text }
        }
    }

    mutating func endRecord() throws -> Bool {
        let key: Range<Int>
        if let guidKey {
            // The store's key of a record keyed by one GUID: `(<GUID>)`.
            let start = batch.text.count
            batch.text.append(UInt8(ascii: "("))
            copyText(guidKey)
            batch.text.append(UInt8(ascii: ")"))
            key = start..<batch.text.count
        } else {
            guard guidKeyPosition == nil, !keyPositions.isEmpty,
                var values = try StoreKey.of(values: keyValues, in: table)
            else { return false }
            key = values.withUTF8 { append($0) }
        }
        let eTagText = eTag.map { eTag in
            var eTag = eTag
            return eTag.withUTF8 { append($0) }
        }
        for position in lookupPositions {
            guard let lookup = lookups[position], let id = lookup.id, valueIndexes[position] >= 0 else { continue }
            batch.setValue(.text(lookupText(id, lookup, at: position)), at: valueIndexes[position])
        }
        let typeName = ObjectIdentifier(type) == ObjectIdentifier(table.type) ? nil : type.entityQualifiedName
        batch.appendRow(key: key, typeName: typeName, eTag: eTagText, fieldsStart: fieldsStart)
        try endItem()
        return true
    }

    mutating func entity(_ entity: Entity) throws {
        batch.truncate(text: textStart, fields: fieldsStart)
        batch.append(entity)
        try endItem()
    }

    /// Sends the batch when it is full.
    private mutating func endItem() throws {
        if batch.count >= batchSize, !flush() { throw CancellationError() }
        textStart = batch.text.count
        fieldsStart = batch.columns.count
    }

    /// The record's value at a column position: appended, or put in place of one the record had already.
    private mutating func set(_ position: Int, _ value: RecordBatch.Value) {
        let index = valueIndexes[position]
        if index >= 0 {
            batch.setValue(value, at: index)
            return
        }
        valueIndexes[position] = batch.columns.count
        touched.append(position)
        batch.append(position, value)
    }

    private mutating func setType(_ type: Entity.Type) {
        guard ObjectIdentifier(type) != ObjectIdentifier(self.type) else { return }
        // Keep the positions learnt for the class left, and take those of the class now read.
        if ObjectIdentifier(self.type) == ObjectIdentifier(table.type) {
            basePositions = positions
        } else {
            derivedPositions[ObjectIdentifier(self.type)] = positions
        }
        positions =
            ObjectIdentifier(type) == ObjectIdentifier(table.type)
            ? basePositions : derivedPositions[ObjectIdentifier(type)] ?? Positions()
        self.type = type
    }

    // MARK: Values

    /// A value in the form its column keeps, read straight from the payload where the column's kind allows.
    private mutating func read(_ field: inout ODataField, at position: Int) throws -> RecordBatch.Value {
        switch readings[position] {
        case .text: return .text(try field.readText { append($0) })
        case .guid: return .text(try field.readGuidText { append($0) })
        case .date: return .text(try field.readDateText { append($0) })
        case .boolean: return .integer(try field.readBool() ? 1 : 0)
        case .integer(let type): return .integer(try field.readInteger(type))
        case .real: return .real(try field.readDouble())
        case .dateTime: return .real(try field.readDate().timeIntervalSinceReferenceDate)
        case .decimal: return .text(try field.readDecimalText { append($0) })
        case .lookup:
            // Its text is put together when the record ends, when its annotations are known.
            let id = try field.readGuidText { append($0) }
            updateLookup(at: position) { $0.id = id }
            return .null
        case .value:
            let value = try field.readValue(as: field.property ?? table.columns[position].property)
            return .value(try ColumnValue.encode(value, for: table.columns[position]))
        }
    }

    /// A lookup's text as ``ColumnKind/lookup`` keeps it: `<GUID> <logical name>[ <name>]`.
    private mutating func lookupText(_ id: Range<Int>, _ lookup: Lookup, at position: Int) -> Range<Int> {
        let start = batch.text.count
        copyText(id)
        batch.text.append(UInt8(ascii: " "))
        if let target = lookup.target {
            copyText(target)
        } else if case .lookup(let targets) = table.columns[position].property.type, targets.count == 1 {
            batch.text.append(contentsOf: targets[0].logicalName.utf8)
        }
        if let name = lookup.name {
            batch.text.append(UInt8(ascii: " "))
            copyText(name)
        }
        return start..<batch.text.count
    }

    /// The column position of the attribute `name`, the class's attribute at `index`; nil when the table has no
    /// column for it. The name is only looked at the first time an index is met.
    private mutating func position(of name: @autoclosure () -> String?, at index: Int?) -> Int? {
        guard let index else { return name().flatMap { positionsByName[$0] } }
        if index >= positions.byIndex.count {
            positions.byIndex += Array(repeating: Positions.unknown, count: index + 1 - positions.byIndex.count)
        }
        var position = positions.byIndex[index]
        if position == Positions.unknown {
            position = name().flatMap { positionsByName[$0] } ?? -1
            positions.byIndex[index] = position
        }
        return position >= 0 ? position : nil
    }

    private mutating func updateLookup(at position: Int, _ update: (inout Lookup) -> Void) {
        if lookups[position] == nil {
            lookups[position] = Lookup()
            lookupPositions.append(position)
        }
        if var lookup = lookups[position] {
            update(&lookup)
            lookups[position] = lookup
        }
    }

    /// Appends a copy of the batch's text at `range`.
    private mutating func copyText(_ range: Range<Int>) {
        let start = batch.text.count
        batch.text.append(contentsOf: repeatElement(0, count: range.count))
        batch.text.withUnsafeMutableBufferPointer { text in
            guard let base = text.baseAddress else { return }
            (base + start).update(from: base + range.lowerBound, count: range.count)
        }
    }

    /// Appends `bytes` to the batch's text; their offsets there.
    private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        let start = batch.text.count
        batch.text.append(contentsOf: bytes)
        return start..<batch.text.count
    }

}
