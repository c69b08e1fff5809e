import GRDB

/// Removes downloaded records the service no longer gives, with their links and memberships. A record with local
/// changes (or created here) stays until its changes are uploaded.
enum Orphans {
    /// Removes the record `key` of `table`, which the service deleted, whatever queries hold it. Returns 1 when it
    /// went, 0 otherwise.
    static func removeDeleted(table: String, key: String, _ db: Database) throws -> Int {
        try remove(from: table, where: "\"$key\" = ?", [key], db)
    }

    /// Removes the records of `table` (only `key`, when given) that no defining query holds. Returns how many went.
    static func removeUnheld(table: String, key: String? = nil, _ db: Database) throws -> Int {
        var condition =
            "NOT EXISTS (SELECT 1 FROM \"\(StoreDatabase.Tables.members)\" m"
            + " WHERE m.table_name = ? AND m.entity_key = \(table.quotedDatabaseIdentifier).\"$key\")"
        var arguments: [any DatabaseValueConvertible] = [table]
        if let key {
            condition += " AND \"$key\" = ?"
            arguments.append(key)
        }
        return try remove(from: table, where: condition, arguments, db)
    }

    private static func remove(
        from table: String,
        where condition: String,
        _ arguments: [any DatabaseValueConvertible],
        _ db: Database
    ) throws -> Int {
        let quoted = table.quotedDatabaseIdentifier
        // The candidates are found by key alone, which the key's index holds: reading every wide row to find the
        // few that go would cost more than the download that made them go.
        try db.execute(
            sql: "DELETE FROM \(quoted) WHERE rowid IN (SELECT rowid FROM \(quoted) WHERE \(condition))"
                + " AND \"$pending\" = 0 AND \"$local\" = 0",
            arguments: StatementArguments(arguments)
        )
        let removed = db.changesCount
        guard removed > 0 else { return 0 }
        try db.execute(
            sql: "DELETE FROM \"\(StoreDatabase.Tables.links)\" WHERE (source_table = ?"
                + " AND source_key NOT IN (SELECT \"$key\" FROM \(quoted)))"
                + " OR (target_table = ? AND target_key NOT IN (SELECT \"$key\" FROM \(quoted)))",
            arguments: [table, table]
        )
        try db.execute(
            sql: "DELETE FROM \"\(StoreDatabase.Tables.members)\" WHERE table_name = ?"
                + " AND entity_key NOT IN (SELECT \"$key\" FROM \(quoted))",
            arguments: [table]
        )
        return removed
    }
}
