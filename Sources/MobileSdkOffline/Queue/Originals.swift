import Foundation
import GRDB
import MobileSdk

/// The downloaded state of records changed here — their values and the links they lead by — kept from their first
/// local change until the changes are uploaded or undone, so that undoing works without a network.
enum Originals {
    private static let table = "\"\(StoreDatabase.Tables.originals)\""
    private static let links = "\"\(StoreDatabase.Tables.links)\""

    /// A link the record led by.
    private struct Link: Codable {
        let navigation: String
        let position: Int
        let targetTable: String
        let targetKey: String
    }

    /// Keeps the record's current row as its original, unless one is kept already or the record was created here.
    static func keep(table: EntityTable, key: String, registry: EntityRegistry, _ db: Database) throws {
        guard try !exists(table: table, key: key, db),
            let row = try Row.fetchOne(
                db,
                sql: "SELECT * FROM \(table.name.quotedDatabaseIdentifier) WHERE \"$key\" = ? AND \"$local\" = 0",
                arguments: [key]
            )
        else { return }
        let entity = try EntityRows.entity(from: row, in: table, registry: registry, selected: nil)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let snapshot = String(decoding: try encoder.encode(entity.snapshot()), as: UTF8.self)
        let links =
            try Row.fetchAll(
                db,
                sql: "SELECT navigation, position, target_table, target_key FROM \(Self.links)"
                    + " WHERE source_table = ? AND source_key = ? ORDER BY navigation, position",
                arguments: [table.name, key]
            )
            .map { Link(navigation: $0[0], position: $0[1], targetTable: $0[2], targetKey: $0[3]) }
        try db.execute(
            sql: "INSERT INTO \(Self.table) (table_name, entity_key, snapshot, links) VALUES (?, ?, ?, ?)",
            arguments: [table.name, key, snapshot, String(decoding: try encoder.encode(links), as: UTF8.self)]
        )
    }

    /// Puts the original back in place of the record's row (removing the row of a record created here); returns
    /// whether there was one.
    @discardableResult static func restore(table: EntityTable, key: String, registry: EntityRegistry, _ db: Database)
        throws -> Bool
    {
        let original = try Row.fetchOne(
            db,
            sql: "SELECT snapshot, links FROM \(Self.table) WHERE table_name = ? AND entity_key = ?",
            arguments: [table.name, key]
        )
        try db.execute(sql: "DELETE FROM \(table.name.quotedDatabaseIdentifier) WHERE \"$key\" = ?", arguments: [key])
        try db.execute(
            sql: "DELETE FROM \(Self.links) WHERE source_table = ? AND source_key = ?",
            arguments: [table.name, key]
        )
        guard let original, let snapshot = original["snapshot"] as String? else { return false }
        let value = try JSONDecoder().decode(EntitySnapshot.self, from: Data(snapshot.utf8))
        let entity = registry.earlyBound(try Entity(snapshot: value))
        try EntityRows.writeDownloaded(entity, key: key, in: table, db)
        if let text = original["links"] as String? {
            for link in try JSONDecoder().decode([Link].self, from: Data(text.utf8)) {
                try db.execute(
                    sql: "INSERT OR REPLACE INTO \(Self.links) (source_table, source_key, navigation, position,"
                        + " target_table, target_key) VALUES (?, ?, ?, ?, ?, ?)",
                    arguments: [table.name, key, link.navigation, link.position, link.targetTable, link.targetKey]
                )
            }
        }
        try forget(table: table.name, key: key, db)
        return true
    }

    /// Drops the record's original (its changes were uploaded).
    static func forget(table: String, key: String, _ db: Database) throws {
        try db.execute(
            sql: "DELETE FROM \(Self.table) WHERE table_name = ? AND entity_key = ?",
            arguments: [table, key]
        )
    }

    private static func exists(table: EntityTable, key: String, _ db: Database) throws -> Bool {
        try Bool.fetchOne(
            db,
            sql: "SELECT 1 FROM \(Self.table) WHERE table_name = ? AND entity_key = ?",
            arguments: [table.name, key]
        ) ?? false
    }
}
