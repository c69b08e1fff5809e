import GRDB

/// Removes downloaded records the service no longer gives, with their links and memberships, and the records they
/// contain (see ``StoreKey/contained(in:navigation:key:)``), which cannot outlive them. A record with local changes
/// (or created here) stays until its changes are uploaded.
enum Orphans {
    /// What a removal removed: records of the table named, and records they contained, at any depth.
    struct Removed {
        var records = 0
        var contained = 0

        static func += (left: inout Removed, right: Removed) {
            left.records += right.records
            left.contained += right.contained
        }
    }

    /// Removes the record `key` of `table`, which the service deleted, whatever queries hold it.
    static func removeDeleted(table: EntityTable, key: String, schema: StoreSchema, _ db: Database) throws -> Removed {
        try remove(from: table, where: "\"$key\" = ?", [key], schema: schema, db)
    }

    /// Removes the records `keys` of `table`, which the service deleted, whatever queries hold them.
    static func removeDeleted(table: EntityTable, keys: [String], schema: StoreSchema, _ db: Database) throws -> Removed
    {
        var removed = Removed()
        for chunk in chunks(of: keys) {
            removed += try remove(
                from: table,
                where: "\"$key\" IN \(placeholders(chunk.count))",
                chunk,
                schema: schema,
                db
            )
        }
        return removed
    }

    /// `keys` in slices of a few hundred, each for one statement.
    static func chunks(of keys: [String]) -> [[String]] {
        stride(from: 0, to: keys.count, by: 500).map { Array(keys[$0..<min($0 + 500, keys.count)]) }
    }

    /// `(?, ?, …)` for `count` values.
    static func placeholders(_ count: Int) -> String {
        "(" + Array(repeating: "?", count: count).joined(separator: ", ") + ")"
    }

    /// Removes the records of `table` (only `key`, when given) that no defining query holds.
    static func removeUnheld(table: EntityTable, key: String? = nil, schema: StoreSchema, _ db: Database) throws
        -> Removed
    {
        var condition =
            "NOT EXISTS (SELECT 1 FROM \"\(StoreDatabase.Tables.members)\" m"
            + " WHERE m.table_name = ? AND m.entity_key = \(table.name.quotedDatabaseIdentifier).\"$key\")"
        var arguments: [any DatabaseValueConvertible] = [table.name]
        if let key {
            condition += " AND \"$key\" = ?"
            arguments.append(key)
        }
        return try remove(from: table, where: condition, arguments, schema: schema, db)
    }

    /// Removes what the records `parents` of `table` contain, at any depth (they went, here or on the service).
    /// Returns how many records went.
    static func removeContained(in table: EntityTable, parents: [String], schema: StoreSchema, _ db: Database) throws
        -> Int
    {
        var count = 0
        for target in containedTables(of: table, schema: schema) {
            for parent in parents {
                let (lower, upper) = StoreKey.containedRange(of: parent)
                let removed = try remove(
                    from: target,
                    where: "\"$key\" >= ? AND \"$key\" < ?",
                    [lower, upper],
                    schema: schema,
                    db
                )
                count += removed.records + removed.contained
            }
        }
        return count
    }

    private static func remove(
        from table: EntityTable,
        where condition: String,
        _ arguments: [any DatabaseValueConvertible],
        schema: StoreSchema,
        _ db: Database
    ) throws -> Removed {
        let quoted = table.name.quotedDatabaseIdentifier
        // The candidates are found by key alone, which the key's index holds: reading every wide row to find the
        // few that go would cost more than the download that made them go.
        let keys = try String.fetchAll(
            db,
            sql: "DELETE FROM \(quoted) WHERE rowid IN (SELECT rowid FROM \(quoted) WHERE \(condition))"
                + " AND \"$pending\" = 0 AND \"$local\" = 0 RETURNING \"$key\"",
            arguments: StatementArguments(arguments)
        )
        guard !keys.isEmpty else { return Removed() }
        try forget(keys, of: table, db)
        let contained = try removeContained(in: table, parents: keys, schema: schema, db)
        return Removed(records: keys.count, contained: contained)
    }

    /// Deletes the links from and to the records `keys` of `table` (just removed) and their memberships, found by
    /// key in the trees that hold them, a statement per few hundred keys: a search of every link and membership for
    /// records no longer in the table took as long as reading the table, for each removed record.
    private static func forget(_ keys: [String], of table: EntityTable, _ db: Database) throws {
        let links = "\"\(StoreDatabase.Tables.links)\""
        let members = "\"\(StoreDatabase.Tables.members)\""
        for chunk in chunks(of: keys) {
            let list = placeholders(chunk.count)
            let arguments = StatementArguments([table.name] + chunk)
            try db.execute(
                sql: "DELETE FROM \(links) WHERE source_table = ? AND source_key IN \(list)",
                arguments: arguments
            )
            try db.execute(
                sql: "DELETE FROM \(links) WHERE target_table = ? AND target_key IN \(list)",
                arguments: arguments
            )
            try db.execute(
                sql: "DELETE FROM \(members) WHERE table_name = ? AND entity_key IN \(list)",
                arguments: arguments
            )
        }
    }

    /// The tables of the records `table`'s navigation properties contain, each once.
    static func containedTables(of table: EntityTable, schema: StoreSchema) -> [EntityTable] {
        var tables: [EntityTable] = []
        for navigation in table.navigations.values.sorted(by: { $0.name < $1.name }) where navigation.isContained {
            guard let target = try? schema.table(for: navigation.target),
                !tables.contains(where: { $0.name == target.name })
            else { continue }
            tables.append(target)
        }
        return tables
    }
}
