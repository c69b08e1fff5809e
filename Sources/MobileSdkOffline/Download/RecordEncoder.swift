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

    /// One column's value in the record being read.
    private enum Slot {
        case absent
        case present(RecordBatch.Value)
        /// A lookup whose text is put together when the record ends.
        case lookup
    }

    private let table: EntityTable
    /// Column positions by storage name, the key columns', and how each column is read.
    private let positions: [String: Int]
    private let keyPositions: [Int]
    private let readings: [Reading]
    private let isLookup: [Bool]
    /// Where batches go, and where empty ones come from.
    private let channel: BatchChannel
    private let pool: BatchPool
    private let batchSize: Int
    private var batch: RecordBatch
    /// The storage names met in a record and their positions (nil for no column), in the order they came: the
    /// records of a page name their attributes in much the same order, so most are found by comparing the names'
    /// storage, which the decoder's metadata shares, without hashing.
    private var seen: [(name: String, position: Int?)] = []
    private var seenIndex = 0
    private var slots: [Slot]
    private var lookups: [Lookup?]
    private var lookupPositions: [Int] = []
    private var keyValues: [AttributeValue?]
    private var type: Entity.Type
    private var eTag: String?
    /// Where the record's text starts in the batch's.
    private var textStart = 0

    init(table: EntityTable, version: ODataVersion, batchSize: Int = 64, channel: BatchChannel, pool: BatchPool) {
        self.table = table
        self.channel = channel
        self.pool = pool
        batch = pool.emptyBatch()
        self.batchSize = batchSize
        var positions: [String: Int] = [:]
        for (position, column) in table.columns.enumerated() { positions[column.name] = position }
        self.positions = positions
        keyPositions = table.keyColumns.compactMap { positions[$0.name] }
        readings = table.columns.map { Reading($0, version: version) }
        isLookup = table.columns.map { $0.kind == .lookup }
        slots = Array(repeating: .absent, count: table.columns.count)
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
        for index in slots.indices { slots[index] = .absent }
        for index in keyValues.indices { keyValues[index] = nil }
        for position in lookupPositions { lookups[position] = nil }
        lookupPositions.removeAll(keepingCapacity: true)
        seenIndex = 0
        // The text of a record that was then read as an entity goes.
        batch.text.removeSubrange(textStart...)
        self.type = type
        eTag = nil
    }

    mutating func recordType(_ type: Entity.Type) { self.type = type }

    mutating func eTag(_ eTag: String?) { self.eTag = eTag }

    mutating func value(of property: PropertyMetadata, from field: inout ODataField) throws -> Bool {
        guard let position = position(of: property.name) else { return true }
        if let keyIndex = keyPositions.firstIndex(of: position) {
            let value = try field.readValue(as: property)
            keyValues[keyIndex] = value
            slots[position] = .present(.value(try ColumnValue.encode(value, for: table.columns[position])))
            return true
        }
        if try field.readNull() {
            slots[position] = .present(.null)
            if lookups[position] != nil { lookups[position]?.id = nil }
            return true
        }
        slots[position] = try read(&field, property, at: position)
        return true
    }

    mutating func annotation(_ term: ODataRecordAnnotation, of attribute: String, from field: inout ODataField) throws {
        guard let position = position(of: attribute), isLookup[position], !(try field.readNull()) else { return }
        let text = try field.readText { append($0) }
        switch term {
        case .formattedValue: updateLookup(at: position) { $0.name = text }
        case .lookupLogicalName: updateLookup(at: position) { $0.target = text }
        }
    }

    mutating func endRecord() throws -> Bool {
        guard !keyPositions.isEmpty, let key = try StoreKey.of(values: keyValues, in: table) else { return false }
        for position in lookupPositions {
            guard let lookup = lookups[position], let id = lookup.id else { continue }
            slots[position] = .present(.text(lookupText(id, lookup, at: position)))
        }
        let fieldsStart = batch.columns.count
        for (position, slot) in slots.enumerated() {
            if case .present(let value) = slot { batch.append(position, value) }
        }
        let typeName = ObjectIdentifier(type) == ObjectIdentifier(table.type) ? nil : type.entityQualifiedName
        batch.appendRow(key: key, typeName: typeName, eTag: eTag, fieldsStart: fieldsStart)
        try endItem()
        return true
    }

    mutating func entity(_ entity: Entity) throws {
        batch.text.removeSubrange(textStart...)
        batch.append(entity)
        try endItem()
    }

    /// Sends the batch when it is full.
    private mutating func endItem() throws {
        if batch.count >= batchSize, !flush() { throw CancellationError() }
        textStart = batch.text.count
    }

    // MARK: Values

    /// A value in the form its column keeps, read straight from the payload where the column's kind allows.
    private mutating func read(_ field: inout ODataField, _ property: PropertyMetadata, at position: Int) throws -> Slot
    {
        switch readings[position] {
        case .text: return .present(.text(try field.readText { append($0) }))
        case .guid: return .present(.text(try field.readGuidText { append($0) }))
        case .date: return .present(.text(try field.readDateText { append($0) }))
        case .boolean: return .present(.integer(try field.readBool() ? 1 : 0))
        case .integer(let type): return .present(.integer(try field.readInteger(type)))
        case .real: return .present(.real(try field.readDouble()))
        case .dateTime: return .present(.real(try field.readDate().timeIntervalSinceReferenceDate))
        case .decimal: return .present(.text(try field.readDecimalText { append($0) }))
        case .lookup:
            let id = try field.readGuidText { append($0) }
            updateLookup(at: position) { $0.id = id }
            return .lookup
        case .value:
            let value = try field.readValue(as: property)
            return .present(.value(try ColumnValue.encode(value, for: table.columns[position])))
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

    /// The column position of the attribute `name`; nil when the table has no column for it.
    private mutating func position(of name: String) -> Int? {
        defer { seenIndex += 1 }
        if seenIndex < seen.count, seen[seenIndex].name == name { return seen[seenIndex].position }
        let position = positions[name]
        if seenIndex < seen.count { seen[seenIndex] = (name, position) } else { seen.append((name, position)) }
        return position
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
