import Foundation
import GRDB
import MobileSdk

/// The texts of the upserts of downloaded rows, one per set of columns present: a downloaded record writes the
/// columns its payload held and leaves the others (a `$select`ed query's) as they were.
struct UpsertStatements: Sendable {
    /// The texts, by index.
    private(set) var texts: [String] = []
    private var indexes: [[Int]: Int] = [:]

    /// The index of the upsert of the columns at `present` (indexes of `table.columns`), added when new.
    mutating func index(of present: [Int], in table: EntityTable) -> Int {
        if let index = indexes[present] { return index }
        let names =
            [EntityTable.System.key, EntityTable.System.typeName, EntityTable.System.eTag]
            + present.map { table.columns[$0].name }
        let quoted = names.map(\.quotedDatabaseIdentifier)
        let updates = quoted.dropFirst().map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
        // A row that would not change is not written: a whole read of a large table that changed little (the key
        // diff's) then reads the table instead of writing every page of it and its indexes again.
        let changes = quoted.dropFirst().map { "\($0) IS NOT excluded.\($0)" }.joined(separator: " OR ")
        texts.append(
            "INSERT INTO \(table.name.quotedDatabaseIdentifier) (\(quoted.joined(separator: ", "))) VALUES ("
                + Array(repeating: "?", count: names.count).joined(separator: ", ")
                + ") ON CONFLICT(\(EntityTable.System.key.quotedDatabaseIdentifier)) DO UPDATE SET \(updates)"
                + " WHERE \(EntityTable.System.hasPendingChanges.quotedDatabaseIdentifier) = 0 AND (\(changes))"
        )
        indexes[present] = texts.count - 1
        return texts.count - 1
    }
}

/// Records to and from the rows of their table.
enum EntityRows {
    /// Writes what the service sent of `entity` under `key`; a record with pending local changes is left as it is,
    /// so that the changes stay over what was downloaded until they are uploaded.
    static func writeDownloaded(_ entity: Entity, key: String, in table: EntityTable, _ db: Database) throws {
        var statements = UpsertStatements()
        let row = try downloadedRow(entity, key: key, in: table, statements: &statements)
        try db.execute(sql: statements.texts[row.statement], arguments: StatementArguments(row.arguments))
    }

    /// The values ``writeDownloaded(_:key:in:_:)`` writes, and the statement's place in `statements`, which holds
    /// one text per set of columns present (a page's records mostly have the same).
    static func downloadedRow(_ entity: Entity, key: String, in table: EntityTable, statements: inout UpsertStatements)
        throws -> (statement: Int, arguments: [DatabaseValue])
    {
        let attributes = entity.attributes
        var present: [Int] = []
        var values: [DatabaseValue] = [
            key.databaseValue, typeName(of: entity, in: table).databaseValue, entity.eTag.databaseValue,
        ]
        for (index, column) in table.columns.enumerated() {
            guard let value = attributes[column.name] else { continue }
            present.append(index)
            values.append(try ColumnValue.encode(value, for: column))
        }
        return (statements.index(of: present, in: table), values)
    }

    /// Writes the attributes of `entity` that changed here, marking the record as changed; `isLocal` for a record
    /// created here.
    static func writeLocal(_ entity: Entity, key: String, isLocal: Bool, in table: EntityTable, _ db: Database) throws {
        let changed = Set(entity.changedAttributeNames)
        let columns = table.columns.filter { changed.contains($0.name) || (isLocal && entity.contains($0.name)) }
        var names = [
            EntityTable.System.key, EntityTable.System.typeName, EntityTable.System.isLocal,
            EntityTable.System.hasPendingChanges,
        ]
        var values: [DatabaseValue] = [
            key.databaseValue, typeName(of: entity, in: table).databaseValue, (isLocal ? 1 : 0).databaseValue,
            1.databaseValue,
        ]
        for column in columns {
            names.append(column.name)
            values.append(try ColumnValue.encode(entity[column.name] ?? .null, for: column))
        }
        let quoted = names.map(\.quotedDatabaseIdentifier)
        let updates = quoted.dropFirst(3).map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
        let sql =
            "INSERT INTO \(table.name.quotedDatabaseIdentifier) (\(quoted.joined(separator: ", "))) VALUES ("
            + Array(repeating: "?", count: names.count).joined(separator: ", ")
            + ") ON CONFLICT(\(EntityTable.System.key.quotedDatabaseIdentifier)) DO UPDATE SET \(updates)"
        try db.execute(sql: sql, arguments: StatementArguments(values))
    }

    /// The record a row holds, as its class (a registered derived class when the row names one); only the
    /// attributes in `selected` when given, and the key.
    /// `layout` says where the row's columns are; rows of one result share one.
    static func entity(
        from row: Row,
        in table: EntityTable,
        registry: EntityRegistry,
        selected: Set<String>?,
        layout: RowLayout? = nil
    ) throws -> Entity {
        let layout = layout ?? RowLayout(row, table: table)
        var type = table.type
        if let name = layout.typeName.flatMap({ String.fromDatabaseValue(row[$0]) }),
            let derived = registry.type(forQualifiedName: name)
        {
            type = derived
        }
        let entity = type.init()
        let own =
            ObjectIdentifier(type) == ObjectIdentifier(table.type)
            ? nil : Set(PropertyMetadata.all(of: type).map(\.name))
        let keyNames = Set(table.keyColumns.map(\.name))
        for (column, position) in zip(table.columns, layout.columns) {
            if let own, !own.contains(column.name) { continue }
            if let selected, !selected.contains(column.property.propertyName), !keyNames.contains(column.name) {
                continue
            }
            // NULL reads as absent: services leave out null properties as often as they send them.
            guard let position else { continue }
            let stored: DatabaseValue = row[position]
            guard !stored.isNull else { continue }
            entity[column.name] = try ColumnValue.decode(stored, for: column)
        }
        if let key = layout.key.flatMap({ String.fromDatabaseValue(row[$0]) }), let id = StoreKey.localID(key),
            type.primaryIdAttribute == nil
        {
            entity.recordId = id
        }
        entity.eTag = layout.eTag.flatMap { String.fromDatabaseValue(row[$0]) }
        entity.acceptChanges()
        return entity
    }

    /// The qualified type name a row records for a record of a derived class; nil for the table's own class.
    private static func typeName(of entity: Entity, in table: EntityTable) -> String? {
        let type = Swift.type(of: entity)
        return ObjectIdentifier(type) == ObjectIdentifier(table.type) ? nil : type.entityQualifiedName
    }
}
