import Foundation
import GRDB

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
        let pool = try DatabasePool(path: file.path, configuration: RawStatements.writerConfiguration)
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
            let sql = RawStatements.insertSQL(table: table, columns: columns)
            total += try pool.writeWithoutTransaction { db in try RawStatements.execute(sql, rows: rows, db) }
        }
    }

    /// The delta's floor on the copy `insert` made (`floor`, still at the first download's values): the rows that
    /// differ in `store` after its delta (read untimed) upserted by their key as the store's writer does, a
    /// transaction per `pageSize`, then the keys `store` no longer holds deleted in one; only those are timed.
    static func applyDelta(from store: URL, to floor: URL, table: String, pageSize: Int) throws -> (
        time: Duration, changed: Int, removed: Int
    ) {
        let pool = try DatabasePool(path: floor.path, configuration: RawStatements.writerConfiguration)
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
        let upsert =
            RawStatements.insertSQL(table: table, columns: columns) + " ON CONFLICT(\(key)) DO UPDATE SET \(updates)"
        var total = Duration.zero
        for start in stride(from: 0, to: rows.count, by: pageSize) {
            let page = Array(rows[start..<min(start + pageSize, rows.count)])
            total += try pool.writeWithoutTransaction { db in try RawStatements.execute(upsert, rows: page, db) }
        }
        let delete = "DELETE FROM \(quoted) WHERE \(key) = ?"
        total += try pool.writeWithoutTransaction { db in
            try RawStatements.execute(delete, rows: removed.map { [$0] }, db)
        }
        return (total, rows.count, removed.count)
    }
}
