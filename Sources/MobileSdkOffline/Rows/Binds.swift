import GRDB
import MobileSdk

/// References stored under a single-valued navigation property's name (`task["regardingobjectid_contact_task"] =
/// .entityReference(contact)`), which a create or update sends as `@odata.bind`: the store shows them as a download
/// would, in the lookup the navigation property sets and as a link, so that local queries find them.
enum Binds {
    static func apply(
        _ values: [String: AttributeValue],
        of table: EntityTable,
        key: String,
        schema: StoreSchema,
        _ db: Database
    ) throws {
        for (name, value) in values {
            guard let navigation = table.navigations[name], !navigation.isCollection else { continue }
            let links = "\"\(StoreDatabase.Tables.links)\""
            try db.execute(
                sql: "DELETE FROM \(links) WHERE source_table = ? AND source_key = ? AND navigation = ?",
                arguments: [table.name, key, name]
            )
            guard case .entityReference(let reference) = value else { continue }
            if let lookup = lookupColumn(setBy: name, in: table) {
                try db.execute(
                    sql: "UPDATE \(table.name.quotedDatabaseIdentifier)"
                        + " SET \(lookup.column.name.quotedDatabaseIdentifier) = ? WHERE \"$key\" = ?",
                    arguments: [
                        try ColumnValue.encode(
                            .entityReference(EntityReference(logicalName: lookup.logicalName, id: reference.id)),
                            for: lookup.column
                        ), key,
                    ]
                )
            }
            if let target = try? schema.table(for: navigation.target) {
                try db.execute(
                    sql:
                        "INSERT OR REPLACE INTO \(links) (source_table, source_key, navigation, position, target_table,"
                        + " target_key) VALUES (?, ?, ?, 0, ?, ?)",
                    arguments: [table.name, key, name, target.name, "(" + reference.id.uuidString.lowercased() + ")"]
                )
            }
        }
    }

    /// The lookup column a navigation property sets, and the logical name of the entity it then refers to.
    static func lookupColumn(setBy navigation: String, in table: EntityTable) -> (
        column: EntityTable.Column, logicalName: String
    )? {
        for column in table.columns {
            guard case .lookup(let targets) = column.property.type,
                let target = targets.first(where: { $0.navigationProperty == navigation })
            else { continue }
            return (column, target.logicalName)
        }
        return nil
    }
}
