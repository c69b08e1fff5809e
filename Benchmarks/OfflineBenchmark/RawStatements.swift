import Foundation
import GRDB

#if canImport(GRDBSQLite)
import GRDBSQLite
#elseif canImport(SQLite3)
import SQLite3
#endif

/// The benchmarks' floors: rows written by one prepared statement with raw sqlite3 calls, with the store writer's
/// settings. (FieldScaleBenchmark links this file.)
enum RawStatements {
    /// A statement or commit SQLite refused.
    struct Failure: Error, CustomStringConvertible { let description: String }

    /// The settings of the store's writer (StoreDatabase.pragmas and .writerPragmas).
    static var writerConfiguration: Configuration {
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL; PRAGMA page_size = 16384; PRAGMA cache_size = -1024")
        }
        return configuration
    }

    /// `INSERT INTO table (columns) VALUES (?, …)`.
    static func insertSQL(table: String, columns: [String]) -> String {
        "INSERT INTO \(table.quotedDatabaseIdentifier) ("
            + columns.map(\.quotedDatabaseIdentifier).joined(separator: ", ") + ") VALUES ("
            + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
    }

    /// Runs the prepared `sql` once per row of `rows` in one transaction; the time it took.
    static func execute(_ sql: String, rows: [[DatabaseValue]], _ db: Database) throws -> Duration {
        let connection = db.sqliteConnection
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        let clock = ContinuousClock()
        let start = clock.now
        sqlite3_exec(connection, "BEGIN", nil, nil, nil)
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(connection, sql, -1, &statement, nil) == SQLITE_OK else {
            throw Failure(description: "cannot prepare \(sql)")
        }
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
            guard sqlite3_step(statement) == SQLITE_DONE else {
                throw Failure(description: "a floor's statement failed")
            }
            sqlite3_reset(statement)
        }
        guard sqlite3_exec(connection, "COMMIT", nil, nil, nil) == SQLITE_OK else {
            throw Failure(description: "a floor's commit failed")
        }
        return start.duration(to: clock.now)
    }
}
