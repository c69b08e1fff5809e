import GRDB

#if canImport(GRDBSQLite)
import GRDBSQLite
#elseif canImport(SQLite3)
import SQLite3
#endif

/// A prepared statement driven through SQLite's C API, for the download's inner loop: values are bound one by one
/// straight from where they are, text without a Swift string in between. Lives within one access to the database.
final class RawStatement {
    private let connection: SQLiteConnection
    private let statement: SQLiteStatement
    private let sql: String

    init(_ sql: String, _ db: Database) throws {
        guard let connection = db.sqliteConnection else {
            throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "the database is closed", sql: sql)
        }
        self.connection = connection
        var statement: SQLiteStatement?
        let code = sqlite3_prepare_v2(connection, sql, -1, &statement, nil)
        guard code == SQLITE_OK, let statement else {
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: Self.message(connection), sql: sql)
        }
        self.statement = statement
        self.sql = sql
    }

    deinit { sqlite3_finalize(statement) }

    func bindNull(_ index: Int32) { sqlite3_bind_null(statement, index) }
    func bind(_ value: Int64, _ index: Int32) { sqlite3_bind_int64(statement, index, value) }
    func bind(_ value: Double, _ index: Int32) { sqlite3_bind_double(statement, index, value) }

    /// Binds UTF-8 text that stays where it is until ``execute()`` returns.
    func bind(text: UnsafeBufferPointer<UInt8>, _ index: Int32) {
        guard let base = text.baseAddress else { return bindEmptyText(index) }
        sqlite3_bind_text(statement, index, UnsafePointer<CChar>(OpaquePointer(base)), Int32(text.count), nil)
    }

    func bind(_ value: String?, _ index: Int32) {
        guard var value else { return bindNull(index) }
        value.withUTF8 { text in
            guard let base = text.baseAddress else { return bindEmptyText(index) }
            sqlite3_bind_text(statement, index, UnsafePointer<CChar>(OpaquePointer(base)), Int32(text.count), transient)
        }
    }

    private func bindEmptyText(_ index: Int32) { sqlite3_bind_text(statement, index, "", 0, nil) }

    func bind(_ value: DatabaseValue, _ index: Int32) {
        switch value.storage {
        case .null: bindNull(index)
        case .int64(let number): bind(number, index)
        case .double(let number): bind(number, index)
        case .string(let text): bind(text, index)
        case .blob(let data):
            _ = data.withUnsafeBytes { sqlite3_bind_blob(statement, index, $0.baseAddress, Int32($0.count), transient) }
        }
    }

    /// Runs the statement with the values bound. Every parameter is bound again before the next run: text bound
    /// where it is would otherwise be read after it is gone.
    func execute() throws {
        let code = sqlite3_step(statement)
        let message = code == SQLITE_DONE ? nil : Self.message(connection)
        sqlite3_reset(statement)
        if let message { throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: sql) }
    }

    private static func message(_ connection: SQLiteConnection) -> String {
        sqlite3_errmsg(connection).map { String(cString: $0) } ?? "unknown error"
    }

    /// SQLite copies the value (`SQLITE_TRANSIENT`).
    private var transient: sqlite3_destructor_type { unsafeBitCast(-1, to: sqlite3_destructor_type.self) }
}
