import GRDB
import MobileSdk

/// What an associate or disassociate changes in the store, shown at once as a download would show it: the link
/// under the navigation property, and the lookup a single-valued one sets (Dataverse).
enum LinkChanges {
    static func apply(
        _ method: PendingRequest.Method,
        from table: EntityTable,
        key: String,
        _ link: PendingRequest.Link,
        _ db: Database
    ) throws {
        let links = "\"\(StoreDatabase.Tables.links)\""
        let navigation = link.navigationProperty
        let isCollection = table.navigations[navigation]?.isCollection ?? true
        var sql = "DELETE FROM \(links) WHERE source_table = ? AND source_key = ? AND navigation = ?"
        var arguments: [any DatabaseValueConvertible] = [table.name, key, navigation]
        if isCollection {
            sql += " AND target_table = ? AND target_key = ?"
            arguments += [link.targetTable, link.targetKey]
        }
        // A single-valued one leads to one record at most: an associate replaces it, a disassociate clears it.
        try db.execute(sql: sql, arguments: StatementArguments(arguments))
        if !isCollection, let lookup = Binds.lookupColumn(setBy: navigation, in: table) {
            var value = DatabaseValue.null
            if method == .associate, link.targetKeyValues.count == 1,
                case .guid(let id)? = link.targetKeyValues.values.first
            {
                value = try ColumnValue.encode(
                    .entityReference(EntityReference(logicalName: lookup.logicalName, id: id)),
                    for: lookup.column
                )
            }
            try db.execute(
                sql: "UPDATE \(table.name.quotedDatabaseIdentifier) SET \(lookup.column.name.quotedDatabaseIdentifier)"
                    + " = ? WHERE \"$key\" = ?",
                arguments: [value, key]
            )
        }
        guard method == .associate else { return }
        try db.execute(
            sql: "INSERT OR REPLACE INTO \(links) (source_table, source_key, navigation, position, target_table,"
                + " target_key) VALUES (?, ?, ?, (SELECT COALESCE(MAX(position) + 1, 0) FROM \(links)"
                + " WHERE source_table = ? AND source_key = ? AND navigation = ?), ?, ?)",
            arguments: [table.name, key, navigation, table.name, key, navigation, link.targetTable, link.targetKey]
        )
    }
}
