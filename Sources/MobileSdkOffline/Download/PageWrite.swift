import GRDB
import MobileSdk

/// What one page of a download changes in the store, built from the page's entities away from the database and
/// written in one transaction.
struct PageWrite: Sendable {
    /// The records' rows: the index of their statement in ``statements`` and its arguments.
    private(set) var rows: [(statement: Int, arguments: [DatabaseValue])] = []
    /// The records the defining query holds, root and expanded.
    private(set) var members: [(table: String, key: String)] = []
    /// The expanded navigation properties of each record, with the records they lead to in order.
    private(set) var links:
        [(table: String, key: String, navigation: String, targets: [(table: String, key: String)])] = []
    /// Records removed: `deleted` ones go from the store, the others only leave the query.
    private(set) var removals: [(table: String, key: String, deleted: Bool)] = []
    /// How many records the page had.
    private(set) var receivedCount = 0
    /// The rows' statements.
    private var statements = UpsertStatements()

    /// The page's writes: `collection`'s entities under `table`, with the relations `tree` expands.
    init(_ collection: EntityCollection, table: EntityTable, tree: QueryTree, schema: StoreSchema) throws {
        for entity in collection.entities {
            try add(entity, table: table, expansions: tree.expansions, schema: schema)
            receivedCount += 1
        }
        for removed in collection.removedEntities {
            guard let key = StoreKey.fromIdentifier(removed.id, in: table) else {
                throw OfflineStoreError.invalidValue(
                    "the service removed '\(removed.id)', which names no \(table.type)"
                )
            }
            removals.append((table.name, key, removed.reason == .deleted))
        }
    }

    private mutating func add(
        _ entity: Entity,
        table: EntityTable,
        expansions: [QueryTree.Expansion],
        schema: StoreSchema
    ) throws {
        guard let key = try StoreKey.of(entity, in: table) else {
            throw OfflineStoreError.missingKey("the service sent a \(type(of: entity)) without its key")
        }
        rows.append(try EntityRows.downloadedRow(entity, key: key, in: table, statements: &statements))
        members.append((table.name, key))
        for expansion in expansions {
            guard let name = expansion.path.segments.first ?? nil, let navigation = table.navigations[name] else {
                continue
            }
            // A payload without the expansion (a delta's, say) leaves the record's links as they are.
            guard let related = entity.relatedEntities[name]?.entities else { continue }
            let target = try schema.table(for: navigation.target)
            var targets: [(table: String, key: String)] = []
            for child in related {
                try add(child, table: target, expansions: expansion.tree.expansions, schema: schema)
                if let childKey = try StoreKey.of(child, in: target) { targets.append((target.name, childKey)) }
            }
            links.append((table.name, key, name, targets))
        }
    }

    /// Writes the page for the defining query `query` at `generation`; returns the number of records removed.
    func apply(query: String, generation: Int, _ db: Database) throws -> Int {
        // Each statement prepared once, its arguments bound unchecked: the page built them for it.
        let prepared = try statements.texts.map { try db.makeStatement(sql: $0) }
        for row in rows {
            prepared[row.statement].setUncheckedArguments(StatementArguments(row.arguments))
            try prepared[row.statement].execute()
        }
        let member = try db.cachedStatement(
            sql: "INSERT INTO \"\(StoreDatabase.Tables.members)\" (query, table_name, entity_key, generation)"
                + " VALUES (?, ?, ?, ?) ON CONFLICT DO UPDATE SET generation = excluded.generation"
        )
        for (table, key) in members { try member.execute(arguments: [query, table, key, generation]) }
        let linksTable = "\"\(StoreDatabase.Tables.links)\""
        for link in links {
            try db.execute(
                sql: "DELETE FROM \(linksTable) WHERE source_table = ? AND source_key = ? AND navigation = ?",
                arguments: [link.table, link.key, link.navigation]
            )
            for (position, target) in link.targets.enumerated() {
                try db.execute(
                    sql: "INSERT OR REPLACE INTO \(linksTable) (source_table, source_key, navigation, position,"
                        + " target_table, target_key) VALUES (?, ?, ?, ?, ?, ?)",
                    arguments: [link.table, link.key, link.navigation, position, target.table, target.key]
                )
            }
        }
        var removed = 0
        for removal in removals {
            try db.execute(
                sql: "DELETE FROM \"\(StoreDatabase.Tables.members)\" WHERE query = ? AND table_name = ?"
                    + " AND entity_key = ?",
                arguments: [query, removal.table, removal.key]
            )
            removed +=
                removal.deleted
                ? try Orphans.removeDeleted(table: removal.table, key: removal.key, db)
                : try Orphans.removeUnheld(table: removal.table, key: removal.key, db)
        }
        return removed
    }
}
