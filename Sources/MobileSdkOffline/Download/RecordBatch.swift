import GRDB
import MobileSdk

/// Records of a page on their way from the thread that reads the page to the one that writes them: each row's
/// values already in the form their columns keep, so that writing only binds them.
struct RecordBatch: Sendable {
    /// A column's value.
    enum Value: Sendable {
        case null
        case integer(Int64)
        case real(Double)
        /// UTF-8 text at these offsets of ``RecordBatch/text``.
        case text(Range<Int>)
        case value(DatabaseValue)
    }

    /// One record's row: its key and ETag (text at these offsets of ``RecordBatch/text``), and the columns its
    /// payload held, at ``RecordBatch/columns`` and ``RecordBatch/values`` in `fields`.
    struct Row: Sendable {
        let key: Range<Int>
        /// The qualified type name of a record of a derived class.
        let typeName: String?
        let eTag: Range<Int>?
        let fields: Range<Int>
    }

    /// A row, or a record read as an entity (with expanded relations, say).
    enum Item: Sendable {
        case row(Row)
        case entity(HandedOverEntity)
    }

    private(set) var items: [Item] = []
    /// The positions in the table's columns of the rows' values, in column order within a row.
    private(set) var columns: [Int] = []
    private(set) var values: [Value] = []
    /// The text the values point into.
    var text: [UInt8] = []

    var count: Int { items.count }

    mutating func append(_ column: Int, _ value: Value) {
        columns.append(column)
        values.append(value)
    }

    /// Replaces the value at `index`.
    mutating func setValue(_ value: Value, at index: Int) { values[index] = value }

    /// Drops the text and fields appended after these counts (those of a record then read as an entity).
    mutating func truncate(text count: Int, fields: Int) {
        if text.count > count { text.removeSubrange(count...) }
        if columns.count > fields {
            columns.removeSubrange(fields...)
            values.removeSubrange(fields...)
        }
    }

    /// Ends a row whose fields were appended since `fieldsStart`.
    mutating func appendRow(key: Range<Int>, typeName: String?, eTag: Range<Int>?, fieldsStart: Int) {
        items.append(.row(Row(key: key, typeName: typeName, eTag: eTag, fields: fieldsStart..<columns.count)))
    }

    mutating func append(_ entity: Entity) { items.append(.entity(HandedOverEntity(entity))) }

    /// Empties the batch, keeping its storage for the next.
    mutating func removeAll() {
        items.removeAll(keepingCapacity: true)
        columns.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
        text.removeAll(keepingCapacity: true)
    }
}

/// An entity handed from the reading thread to the writing one, which alone uses it after.
struct HandedOverEntity: @unchecked Sendable {
    let entity: Entity

    init(_ entity: Entity) { self.entity = entity }
}
