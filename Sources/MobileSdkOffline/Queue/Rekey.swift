import GRDB
import MobileSdk

/// Moves a record created here to the key the service gave it, everywhere the store names it.
enum Rekey {
    static func record(
        table: EntityTable,
        from old: String,
        to new: String,
        values: [String: AttributeValue],
        _ db: Database
    ) throws {
        var assignments = ["\"$key\" = ?"]
        var arguments: [DatabaseValue] = [new.databaseValue]
        for column in table.keyColumns {
            guard let value = values[column.name] else { continue }
            assignments.append("\(column.name.quotedDatabaseIdentifier) = ?")
            arguments.append(try ColumnValue.encode(value, for: column))
        }
        arguments.append(old.databaseValue)
        try db.execute(
            sql: "UPDATE \(table.name.quotedDatabaseIdentifier) SET \(assignments.joined(separator: ", "))"
                + " WHERE \"$key\" = ?",
            arguments: StatementArguments(arguments)
        )
        let links = "\"\(StoreDatabase.Tables.links)\""
        try db.execute(
            sql: "UPDATE \(links) SET source_key = ? WHERE source_table = ? AND source_key = ?",
            arguments: [new, table.name, old]
        )
        try db.execute(
            sql: "UPDATE \(links) SET target_key = ? WHERE target_table = ? AND target_key = ?",
            arguments: [new, table.name, old]
        )
        for name in [StoreDatabase.Tables.members, StoreDatabase.Tables.originals, StoreDatabase.Tables.errors] {
            try db.execute(
                sql: "UPDATE \"\(name)\" SET entity_key = ? WHERE table_name = ? AND entity_key = ?",
                arguments: [new, table.name, old]
            )
        }
        try RequestQueue.rekey(table: table, from: old, to: new, values: values, db)
    }
}
