import Foundation
import GRDB

#if canImport(GRDBSQLite)
import GRDBSQLite
#elseif canImport(SQLite3)
import SQLite3
#endif

/// The floor: the rows a store holds, inserted again into a new file's copy of its table and indexes by one
/// prepared statement with raw sqlite3 calls, a transaction per page of `pageSize` rows (as the download commits
/// each page), with the store's writer settings. Each page's rows are read back from the store and decoded before
/// its transaction starts; only the inserts and commits are timed. Then the delta's floor: the rows the store's delta
/// changed and removed, written to that copy by raw prepared statements the same way.
enum Floor {
    /// The time the inserts took, and the file that holds their copy of the table.
    static func insert(from store: URL, table: String, pageSize: Int) throws -> (time: Duration, file: URL) {
        let source = try DatabaseQueue(path: store.path)
        let createSQL = try source.read { db in
            try String.fetchAll(
                db,
                sql: "SELECT sql FROM sqlite_master WHERE tbl_name = ? AND sql IS NOT NULL ORDER BY type DESC",
                arguments: [table]
            )
            .joined(separator: "; ")
        }
        let file = try freshFile("floor.sqlite")
        let pool = try DatabasePool(path: file.path, configuration: writerConfiguration)
        try pool.write { db in try db.execute(sql: createSQL) }
        var total = Duration.zero
        var last: Int64 = 0
        while true {
            let (rows, columns, lastID) = try source.read { db in
                let rows = try Row.fetchAll(
                    db,
                    sql: "SELECT rowid AS \"$floor_rowid\", * FROM \(table.quotedDatabaseIdentifier)"
                        + " WHERE rowid > ? ORDER BY rowid LIMIT ?",
                    arguments: [last, pageSize]
                )
                let columns = rows.first.map { Array($0.columnNames.dropFirst()) } ?? []
                return (
                    rows.map { Array($0.databaseValues.dropFirst()) }, columns,
                    (rows.last?["$floor_rowid"] as Int64?) ?? last
                )
            }
            guard !rows.isEmpty else { return (total, file) }
            last = lastID
            let sql = insertSQL(table: table, columns: columns)
            total += try pool.writeWithoutTransaction { db in try execute(sql, rows: rows, db) }
        }
    }

    /// The delta's floor on the copy `insert` made (`floor`, still at the first download's values): the rows that
    /// differ in `store` after its delta (read untimed) upserted by their key as the store's writer does, a
    /// transaction per `pageSize`, then the keys `store` no longer holds deleted in one; only those are timed.
    static func applyDelta(from store: URL, to floor: URL, table: String, pageSize: Int) throws -> (
        time: Duration, changed: Int, removed: Int
    ) {
        let pool = try DatabasePool(path: floor.path, configuration: writerConfiguration)
        let quoted = table.quotedDatabaseIdentifier
        let key = "$key".quotedDatabaseIdentifier
        let (rows, columns, removed) = try pool.writeWithoutTransaction { db in
            try db.execute(sql: "ATTACH DATABASE ? AS store", arguments: [store.path])
            defer { try? db.execute(sql: "DETACH DATABASE store") }
            let rows = try Row.fetchAll(db, sql: "SELECT * FROM store.\(quoted) EXCEPT SELECT * FROM main.\(quoted)")
            let removed = try DatabaseValue.fetchAll(
                db,
                sql: "SELECT \(key) FROM main.\(quoted) EXCEPT SELECT \(key) FROM store.\(quoted)"
            )
            return (rows.map { Array($0.databaseValues) }, rows.first.map { Array($0.columnNames) } ?? [], removed)
        }
        let updates = columns.filter { $0 != "$key" }.map(\.quotedDatabaseIdentifier).map { "\($0) = excluded.\($0)" }
            .joined(separator: ", ")
        let upsert = insertSQL(table: table, columns: columns) + " ON CONFLICT(\(key)) DO UPDATE SET \(updates)"
        var total = Duration.zero
        for start in stride(from: 0, to: rows.count, by: pageSize) {
            let page = Array(rows[start..<min(start + pageSize, rows.count)])
            total += try pool.writeWithoutTransaction { db in try execute(upsert, rows: page, db) }
        }
        let delete = "DELETE FROM \(quoted) WHERE \(key) = ?"
        total += try pool.writeWithoutTransaction { db in try execute(delete, rows: removed.map { [$0] }, db) }
        return (total, rows.count, removed.count)
    }

    /// The settings of the store's writer (StoreDatabase.pragmas and .writerPragmas).
    private static var writerConfiguration: Configuration {
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL; PRAGMA page_size = 16384; PRAGMA cache_size = -1024")
        }
        return configuration
    }

    private static func insertSQL(table: String, columns: [String]) -> String {
        "INSERT INTO \(table.quotedDatabaseIdentifier) ("
            + columns.map(\.quotedDatabaseIdentifier).joined(separator: ", ") + ") VALUES ("
            + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
    }

    /// Runs the prepared `sql` once per row of `rows` in one transaction; the time it took.
    private static func execute(_ sql: String, rows: [[DatabaseValue]], _ db: Database) throws -> Duration {
        let connection = db.sqliteConnection
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        let clock = ContinuousClock()
        let start = clock.now
        sqlite3_exec(connection, "BEGIN", nil, nil, nil)
        var statement: OpaquePointer?
        sqlite3_prepare_v2(connection, sql, -1, &statement, nil)
        defer { sqlite3_finalize(statement) }
        for row in rows {
            for (index, value) in row.enumerated() {
                let position = Int32(index + 1)
                switch value.storage {
                case .null: sqlite3_bind_null(statement, position)
                case .int64(let number): sqlite3_bind_int64(statement, position, number)
                case .double(let number): sqlite3_bind_double(statement, position, number)
                case .string(var text):
                    // The text's own UTF-8, without a C string made from it first.
                    text.withUTF8 { utf8 in
                        let base = UnsafeRawPointer(utf8.baseAddress)?.assumingMemoryBound(to: CChar.self)
                        sqlite3_bind_text(statement, position, base, Int32(utf8.count), transient)
                    }
                case .blob(let data):
                    _ = data.withUnsafeBytes {
                        sqlite3_bind_blob(statement, position, $0.baseAddress, Int32($0.count), transient)
                    }
                }
            }
            guard sqlite3_step(statement) == SQLITE_DONE else { Options.fail("the floor's statement failed") }
            sqlite3_reset(statement)
        }
        guard sqlite3_exec(connection, "COMMIT", nil, nil, nil) == SQLITE_OK else {
            Options.fail("the floor's commit failed")
        }
        return start.duration(to: clock.now)
    }
}
