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
/// its transaction starts; only the inserts and commits are timed.
enum Floor {
    static func insert(from store: URL, table: String, pageSize: Int) throws -> Duration {
        let source = try DatabaseQueue(path: store.path)
        let createSQL = try source.read { db in
            try String.fetchAll(
                db,
                sql: "SELECT sql FROM sqlite_master WHERE tbl_name = ? AND sql IS NOT NULL ORDER BY type DESC",
                arguments: [table]
            )
            .joined(separator: "; ")
        }
        var configuration = Configuration()
        // The settings of the store's writer (StoreDatabase.pragmas and .writerPragmas).
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL; PRAGMA page_size = 16384; PRAGMA cache_size = -1024")
        }
        let pool = try DatabasePool(path: try freshFile("floor.sqlite").path, configuration: configuration)
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
            guard !rows.isEmpty else { return total }
            last = lastID
            total += try pool.writeWithoutTransaction { db in try insert(rows, columns: columns, table: table, db) }
        }
    }

    /// Inserts `rows` in one transaction; the time it took.
    private static func insert(_ rows: [[DatabaseValue]], columns: [String], table: String, _ db: Database) throws
        -> Duration
    {
        let connection = db.sqliteConnection
        let sql =
            "INSERT INTO \(table.quotedDatabaseIdentifier) ("
            + columns.map(\.quotedDatabaseIdentifier).joined(separator: ", ") + ") VALUES ("
            + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
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
            guard sqlite3_step(statement) == SQLITE_DONE else { Options.fail("the floor's insert failed") }
            sqlite3_reset(statement)
        }
        guard sqlite3_exec(connection, "COMMIT", nil, nil, nil) == SQLITE_OK else {
            Options.fail("the floor's commit failed")
        }
        return start.duration(to: clock.now)
    }
}
