import GRDB
import MobileSdk

/// A typed query evaluated in SQL against the store: the filter, orderings, `$top`/`$skip`, `$select` and `$expand`
/// over the downloaded links, with the results the service gives for the same query on the same data.
struct LocalQuery {
    let schema: StoreSchema
    let registry: EntityRegistry

    /// The records of `type` the query matches, with their expansions.
    func entities(_ type: Entity.Type, _ tree: QueryTree, _ db: Database) throws -> [Entity] {
        let records = try recordsStatement(type, tree)
        let table = records.table
        let rows: [Row]
        if records.paged {
            let ids = try Int64.fetchAll(db, sql: records.sql, arguments: StatementArguments(records.arguments))
            rows = try self.rows(ids, of: table, db)
        } else {
            rows = try Row.fetchAll(db, sql: records.sql, arguments: StatementArguments(records.arguments))
        }
        let selected = try selection(tree)
        let layout = rows.first.map { RowLayout($0, table: table) }
        let entities = try rows.map {
            try EntityRows.entity(from: $0, in: table, registry: registry, selected: selected, layout: layout)
        }
        let keys = rows.map { $0[EntityTable.System.key] as String }
        try expand(entities, keys: keys, table: table, tree.expansions, db)
        return entities
    }

    /// The part of the database ``entities(_:_:_:)`` reads, whatever the data: the union of the regions of every
    /// statement it may run (prepared, not run), tables and columns, the links and related tables of navigation
    /// paths in the filter and orderings, and those of the expansions at every depth.
    func region(_ type: Entity.Type, _ tree: QueryTree, _ db: Database) throws -> DatabaseRegion {
        let records = try recordsStatement(type, tree)
        var region = try db.makeStatement(sql: records.sql).databaseRegion
        if records.paged {
            region.formUnion(try db.makeStatement(sql: Self.rowsSQL(records.table, count: 1)).databaseRegion)
        }
        try expansionRegion(records.table, tree.expansions, into: &region, db)
        return region
    }

    private func expansionRegion(
        _ table: EntityTable,
        _ expansions: [QueryTree.Expansion],
        into region: inout DatabaseRegion,
        _ db: Database
    ) throws {
        for expansion in expansions {
            let statement = try expansionStatement(expansion, of: table, keys: [""])
            region.formUnion(try db.makeStatement(sql: statement.sql).databaseRegion)
            try expansionRegion(statement.target, expansion.tree.expansions, into: &region, db)
        }
    }

    /// The statement that finds the records of `type` the query matches, in order: their rows, or for a page their
    /// row ids (read with ``rowsSQL(_:count:)``).
    private func recordsStatement(_ type: Entity.Type, _ tree: QueryTree) throws -> (
        sql: String, arguments: [DatabaseValue], table: EntityTable, paged: Bool
    ) {
        let table = try schema.table(for: type)
        var filter = SQLFilter(schema: schema)
        let alias = "r"
        let scope = SQLFilter.Scope(alias: alias, table: table)
        var conditions = try typeCondition(type, table, alias, &filter).map { [$0] } ?? []
        if let node = tree.filter { conditions.append(try filter.condition(node, in: scope)) }
        var orderings = try tree.orderings.map {
            "\(try filter.ordering($0.path, in: scope)) \($0.descending ? "DESC" : "ASC")"
        }
        orderings += keyOrderings(table, alias)
        let paged = tree.top != nil || tree.skip != nil
        // A page is found by its rows' ids first, then read: sorting whole rows of many columns to keep a few costs
        // more than reading those few again.
        var sql = "SELECT \(alias).\(paged ? "rowid" : "*") FROM \(table.name.quotedDatabaseIdentifier) AS \(alias)"
        if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
        sql += " ORDER BY " + orderings.joined(separator: ", ")
        if paged {
            sql +=
                " LIMIT \(filter.push((tree.top ?? -1).databaseValue))"
                + " OFFSET \(filter.push((tree.skip ?? 0).databaseValue))"
        }
        return (sql, filter.arguments, table, paged)
    }

    /// The stored record of `type` with the store key `key`, with what the tree selects and expands (its other
    /// options do not apply to one record); nil when the store has none.
    func entity(_ type: Entity.Type, key storeKey: String, _ tree: QueryTree, _ db: Database) throws -> Entity? {
        let table = try schema.table(for: type)
        let key = EntityTable.System.key.quotedDatabaseIdentifier
        let sql = "SELECT * FROM \(table.name.quotedDatabaseIdentifier) WHERE \(key) = ?"
        guard let row = try Row.fetchOne(db, sql: sql, arguments: [storeKey]) else { return nil }
        let entity = try EntityRows.entity(from: row, in: table, registry: registry, selected: try selection(tree))
        try expand([entity], keys: [storeKey], table: table, tree.expansions, db)
        return entity
    }

    /// The rows of `table` with these ids, in their order.
    private func rows(_ ids: [Int64], of table: EntityTable, _ db: Database) throws -> [Row] {
        guard !ids.isEmpty else { return [] }
        var byID: [Int64: Row] = [:]
        let sql = Self.rowsSQL(table, count: ids.count)
        for row in try Row.fetchAll(db, sql: sql, arguments: StatementArguments(ids)) { byID[row["$rowid"]] = row }
        return ids.compactMap { byID[$0] }
    }

    /// The statement that reads the rows of `table` with `count` ids.
    private static func rowsSQL(_ table: EntityTable, count: Int) -> String {
        "SELECT rowid AS \"$rowid\", * FROM \(table.name.quotedDatabaseIdentifier) WHERE rowid IN ("
            + Array(repeating: "?", count: count).joined(separator: ", ") + ")"
    }

    /// The number of records of `type` the filter matches (`$count`, which ignores `$top` and `$skip`).
    func count(_ type: Entity.Type, _ tree: QueryTree, _ db: Database) throws -> Int {
        let table = try schema.table(for: type)
        var filter = SQLFilter(schema: schema)
        var conditions = try typeCondition(type, table, "r", &filter).map { [$0] } ?? []
        if let node = tree.filter { conditions.append(try filter.condition(node, in: .init(alias: "r", table: table))) }
        var sql = "SELECT COUNT(*) FROM \(table.name.quotedDatabaseIdentifier) AS r"
        if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
        return try Int.fetchOne(db, sql: sql, arguments: StatementArguments(filter.arguments)) ?? 0
    }

    /// For a derived class: only rows of it and of the registered classes derived from it.
    private func typeCondition(_ type: Entity.Type, _ table: EntityTable, _ alias: String, _ filter: inout SQLFilter)
        throws -> String?
    {
        guard ObjectIdentifier(type) != ObjectIdentifier(table.type) else { return nil }
        let names = registry.registeredLogicalNames.compactMap { registry.type(forLogicalName: $0) }
            .filter { StoreSchema.isClass($0, derivedFrom: type) }.compactMap(\.entityQualifiedName).sorted()
        let column = "\(alias).\(EntityTable.System.typeName.quotedDatabaseIdentifier)"
        guard !names.isEmpty else { return "0" }
        return "\(column) IN (" + names.map { filter.push($0.databaseValue) }.joined(separator: ", ") + ")"
    }

    /// Orderings by the key, after the query's own, so that pages are stable.
    private func keyOrderings(_ table: EntityTable, _ alias: String) -> [String] {
        let key = table.keyColumns.map { "\(alias).\($0.name.quotedDatabaseIdentifier) ASC" }
        return key + ["\(alias).\(EntityTable.System.key.quotedDatabaseIdentifier) ASC"]
    }

    /// The payload names `$select` keeps; nil for all.
    private func selection(_ tree: QueryTree) throws -> Set<String>? {
        guard !tree.select.isEmpty else { return nil }
        return Set(
            try tree.select.compactMap { path -> String? in
                guard path.segments.count == 1, let name = path.segments[0] else {
                    throw OfflineStoreError.unsupportedQuery("$select of a path")
                }
                return name
            }
        )
    }

    /// Loads the related records of each expansion and hands them to their parents.
    private func expand(
        _ parents: [Entity],
        keys: [String],
        table: EntityTable,
        _ expansions: [QueryTree.Expansion],
        _ db: Database
    ) throws {
        guard !parents.isEmpty else { return }
        for expansion in expansions {
            let statement = try expansionStatement(expansion, of: table, keys: keys)
            let rows = try Row.fetchAll(db, sql: statement.sql, arguments: StatementArguments(statement.arguments))
            let target = statement.target
            let selected = try selection(expansion.tree)
            var children: [String: [Entity]] = [:]
            var childKeys: [String] = []
            var all: [Entity] = []
            let layout = rows.first.map { RowLayout($0, table: target) }
            for row in rows {
                let child = try EntityRows.entity(
                    from: row,
                    in: target,
                    registry: registry,
                    selected: selected,
                    layout: layout
                )
                children[row["$source"] as String, default: []].append(child)
                childKeys.append(row[EntityTable.System.key])
                all.append(child)
            }
            try expand(all, keys: childKeys, table: target, expansion.tree.expansions, db)
            for (parent, key) in zip(parents, keys) {
                let related = children[key] ?? []
                if statement.isCollection {
                    parent.setRelatedCollection(related, for: statement.navigation)
                } else {
                    parent.setRelated(related.first, for: statement.navigation)
                }
            }
        }
    }

    /// The statement that reads the records `expansion` relates to the records of `table` with these keys (their
    /// rows, each with its parent's key as `$source`), and where they come from.
    private func expansionStatement(_ expansion: QueryTree.Expansion, of table: EntityTable, keys: [String]) throws
        -> ExpansionStatement
    {
        guard expansion.path.segments.count == 1, let name = expansion.path.segments[0],
            let navigation = table.navigations[name]
        else { throw OfflineStoreError.unsupportedQuery("$expand of a path that is no navigation property") }
        let target = try schema.table(for: navigation.target)
        let tree = expansion.tree
        var filter = SQLFilter(schema: schema)
        let alias = "r"
        let scope = SQLFilter.Scope(alias: alias, table: target)
        let links = "\"\(StoreDatabase.Tables.links)\""
        // The parts in the order of the text, as their arguments are pushed: the orderings (in the select list),
        // the join, the conditions.
        var orderings = try tree.orderings.map {
            "\(try filter.ordering($0.path, in: scope)) \($0.descending ? "DESC" : "ASC")"
        }
        orderings += tree.orderings.isEmpty ? ["l.position ASC"] : keyOrderings(target, alias)
        let targetTable = filter.push(target.name.databaseValue)
        var conditions = [
            "l.source_table = \(filter.push(table.name.databaseValue))",
            "l.navigation = \(filter.push(name.databaseValue))",
            "l.source_key IN (" + keys.map { filter.push($0.databaseValue) }.joined(separator: ", ") + ")",
        ]
        if let node = tree.filter { conditions.append(try filter.condition(node, in: scope)) }
        let key = EntityTable.System.key.quotedDatabaseIdentifier
        var sql =
            "SELECT \(alias).*, l.source_key AS \"$source\", ROW_NUMBER() OVER (PARTITION BY l.source_key"
            + " ORDER BY \(orderings.joined(separator: ", "))) AS \"$row\" FROM \(links) AS l JOIN "
            + "\(target.name.quotedDatabaseIdentifier) AS \(alias) ON \(alias).\(key) = l.target_key"
            + " AND l.target_table = \(targetTable) WHERE " + conditions.joined(separator: " AND ")
        let first = (tree.skip ?? 0) + 1
        let last = tree.top.map { first + $0 - 1 }
        sql =
            "SELECT * FROM (\(sql)) WHERE \"$row\" >= \(filter.push(first.databaseValue))"
            + (last.map { " AND \"$row\" <= \(filter.push($0.databaseValue))" } ?? "")
            + " ORDER BY \"$source\", \"$row\""
        return ExpansionStatement(
            sql: sql,
            arguments: filter.arguments,
            target: target,
            navigation: name,
            isCollection: navigation.isCollection
        )
    }

    /// The statement of an expansion, and the navigation property it reads.
    private struct ExpansionStatement {
        let sql: String
        let arguments: [DatabaseValue]
        let target: EntityTable
        let navigation: String
        let isCollection: Bool
    }
}
