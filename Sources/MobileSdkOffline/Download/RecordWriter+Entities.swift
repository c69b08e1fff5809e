import GRDB
import MobileSdk

/// The records of a page that come as entities, with the relations the defining query expands, and the records a
/// delta page removes.
extension RecordWriter {
    /// Writes `entity` into `table`, and the related records `expansions` names with their links (nil: every
    /// related record the entity holds, at any depth); `parent` is the record and navigation property that contain
    /// it, if any.
    mutating func add(
        _ entity: Entity,
        table: EntityTable,
        expansions: [QueryTree.Expansion]?,
        in parent: (key: String, navigation: String)? = nil
    ) throws {
        guard var key = try StoreKey.of(entity, in: table) else {
            throw OfflineStoreError.missingKey("a \(type(of: entity)) to store has no key")
        }
        if let parent { key = StoreKey.contained(in: parent.key, navigation: parent.navigation, key: key) }
        try EntityRows.writeDownloaded(entity, key: key, in: table, db)
        if let query { try db.execute(sql: Self.memberSQL, arguments: [query, table.name, key, generation]) }
        let branches: [(name: String, tree: [QueryTree.Expansion]?)] =
            expansions?
            .compactMap { expansion in (expansion.path.segments.first ?? nil).map { ($0, expansion.tree.expansions) } }
            ?? entity.relatedEntities.keys.sorted().map { ($0, nil) }
        for (name, subtree) in branches {
            guard let navigation = table.navigations[name] else { continue }
            // A payload without the expansion (a delta's, say) leaves the record's links as they are.
            guard let related = entity.relatedEntities[name]?.entities else { continue }
            let target: EntityTable
            // Records stored as if downloaded may hold related records of classes the store does not keep.
            do { target = try schema.table(for: navigation.target) } catch  where expansions == nil { continue }
            var targets: [String] = []
            let container = navigation.isContained ? (key, name) : nil
            for child in related {
                try add(child, table: target, expansions: subtree, in: container)
                guard var childKey = try StoreKey.of(child, in: target) else { continue }
                if let container { childKey = StoreKey.contained(in: container.0, navigation: name, key: childKey) }
                targets.append(childKey)
            }
            try replaceLinks(from: table.name, key, navigation: name, to: target.name, targets)
            if navigation.isContained {
                removedContainedCount += try removeContained(in: target, under: key, navigation: name, keeping: targets)
            }
        }
    }

    /// Removes the records `parent` held through the containing `navigation` and holds no more: contained records
    /// exist only within their parent, which the service gave with all of them.
    private func removeContained(
        in table: EntityTable,
        under parent: String,
        navigation: String,
        keeping kept: [String]
    ) throws -> Int {
        let prefix = StoreKey.contained(in: parent, navigation: navigation, key: "")
        let candidates = try String.fetchAll(
            db,
            sql: "SELECT \"$key\" FROM \(table.name.quotedDatabaseIdentifier) WHERE \"$key\" >= ? AND \"$key\" < ?",
            arguments: [prefix + "(", prefix + ")"]
        )
        let keep = Set(kept)
        // A record a kept one contains (a folder's folders, in the same table) is the kept one's to remove.
        let gone = candidates.filter { key in !keep.contains(key) && !kept.contains { key.hasPrefix($0 + "/") } }
        guard !gone.isEmpty else { return 0 }
        var count = 0
        for key in gone {
            let removed = try Orphans.removeDeleted(table: table, key: key, schema: schema, db)
            count += removed.records + removed.contained
        }
        return count
    }

    private func replaceLinks(
        from table: String,
        _ key: String,
        navigation: String,
        to target: String,
        _ targets: [String]
    ) throws {
        let links = "\"\(StoreDatabase.Tables.links)\""
        try db.execute(
            sql: "DELETE FROM \(links) WHERE source_table = ? AND source_key = ? AND navigation = ?",
            arguments: [table, key, navigation]
        )
        for (position, targetKey) in targets.enumerated() {
            try db.execute(
                sql: "INSERT OR REPLACE INTO \(links) (source_table, source_key, navigation, position, target_table,"
                    + " target_key) VALUES (?, ?, ?, ?, ?, ?)",
                arguments: [table, key, navigation, position, target, targetKey]
            )
        }
    }

    /// Removes what a delta page says the service removed: `deleted` records go from the store, the others only
    /// leave the query; what they contain goes with them. The page's removals go a few hundred at a time: a
    /// statement for each of a thousand removals cost a millisecond apiece over a large table.
    func remove(_ removed: [RemovedEntity]) throws -> Orphans.Removed {
        var (deleted, left): ([String], [String]) = ([], [])
        for entry in removed {
            guard let key = StoreKey.fromIdentifier(entry.id, in: table) else {
                throw OfflineStoreError.invalidValue("the service removed '\(entry.id)', which names no \(table.type)")
            }
            if entry.reason == .deleted { deleted.append(key) } else { left.append(key) }
        }
        for chunk in Orphans.chunks(of: deleted + left) {
            try db.execute(
                sql: "DELETE FROM \"\(StoreDatabase.Tables.members)\" WHERE query = ? AND table_name = ?"
                    + " AND entity_key IN \(Orphans.placeholders(chunk.count))",
                arguments: [query, table.name] + StatementArguments(chunk)
            )
        }
        var count = try Orphans.removeDeleted(table: table, keys: deleted, schema: schema, db)
        // A record that left the query stays while another query holds it.
        for key in left { count += try Orphans.removeUnheld(table: table, key: key, schema: schema, db) }
        return count
    }

    /// Tells the store's observers (live queries) what the records written through SQLite's C API changed.
    func notifyChanges() throws {
        try db.notifyChanges(in: Table(table.name))
        try db.notifyChanges(in: Table(StoreDatabase.Tables.members))
    }
}
