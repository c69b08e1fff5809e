import Foundation
import GRDB
import MobileSdk

/// Writes a page's record batches in the page's transaction: each row's values bound straight into the upsert of
/// the columns it has (one statement per set of columns, prepared once), and its membership of the defining query.
/// A record with pending local changes keeps them: the upsert leaves its row as it is.
struct RecordWriter {
    let table: EntityTable
    /// The defining query the records are members of; nil for records stored as if downloaded, outside any query.
    let query: String?
    let generation: Int
    let tree: QueryTree
    let schema: StoreSchema
    let db: Database
    /// How many records were written.
    private(set) var writtenCount = 0
    /// How many contained records went because their parent no longer holds them.
    var removedContainedCount = 0
    private var statements = UpsertStatements()
    private var prepared: [RawStatement] = []
    /// The columns of the last row and its statement: rows mostly have the same.
    private var lastColumns: [Int] = []
    private var lastStatement = -1
    private let member: RawStatement?

    init(query: String?, generation: Int, table: EntityTable, tree: QueryTree, schema: StoreSchema, _ db: Database)
        throws
    {
        self.table = table
        self.query = query
        self.generation = generation
        self.tree = tree
        self.schema = schema
        self.db = db
        guard let query else {
            member = nil
            return
        }
        let member = try RawStatement(Self.memberSQL, db)
        // The same for every row: bound once, and kept over the runs (nothing clears the bindings).
        member.bind(query, 1)
        member.bind(table.name, 2)
        member.bind(Int64(generation), 4)
        self.member = member
    }

    static let memberSQL =
        "INSERT INTO \"\(StoreDatabase.Tables.members)\" (query, table_name, entity_key, generation)"
        + " VALUES (?, ?, ?, ?) ON CONFLICT DO UPDATE SET generation = excluded.generation"
        // A membership of this generation already (a delta's record) is not written again.
        + " WHERE generation IS NOT excluded.generation"

    /// Writes the batch's records in order.
    mutating func write(_ batch: RecordBatch) throws {
        try batch.text.withUnsafeBufferPointer { text in
            for item in batch.items {
                switch item {
                case .row(let row): try write(row, of: batch, text: text)
                case .entity(let handedOver): try add(handedOver.entity, table: table, expansions: tree.expansions)
                }
                writtenCount += 1
            }
        }
    }

    private mutating func write(_ row: RecordBatch.Row, of batch: RecordBatch, text: UnsafeBufferPointer<UInt8>) throws
    {
        if !Self.equal(batch.columns[row.fields], lastColumns) {
            lastColumns = Array(batch.columns[row.fields])
            lastStatement = statements.index(of: lastColumns, in: table)
            if lastStatement == prepared.count {
                prepared.append(try RawStatement(statements.texts[lastStatement], db))
            }
        }
        let statement = prepared[lastStatement]
        let key = UnsafeBufferPointer(rebasing: text[row.key])
        statement.bind(text: key, 1)
        statement.bind(row.typeName, 2)
        if let eTag = row.eTag {
            statement.bind(text: UnsafeBufferPointer(rebasing: text[eTag]), 3)
        } else {
            statement.bindNull(3)
        }
        for (parameter, index) in zip(Int32(4)..., row.fields) {
            switch batch.values[index] {
            case .null: statement.bindNull(parameter)
            case .integer(let number): statement.bind(number, parameter)
            case .real(let number): statement.bind(number, parameter)
            case .text(let range): statement.bind(text: UnsafeBufferPointer(rebasing: text[range]), parameter)
            case .value(let value): statement.bind(value, parameter)
            }
        }
        try statement.execute()
        if let member {
            member.bind(text: key, 3)
            try member.execute()
        }
    }

    /// Whether a row has the columns of the last: compared as bytes, rows mostly have.
    private static func equal(_ columns: ArraySlice<Int>, _ last: [Int]) -> Bool {
        guard columns.count == last.count else { return false }
        return columns.withUnsafeBytes { columns in
            last.withUnsafeBytes { last in
                guard let left = columns.baseAddress, let right = last.baseAddress else { return true }
                return memcmp(left, right, columns.count) == 0
            }
        }
    }
}
