import Foundation
import GRDB
import MobileSdk
import Testing
import TripPinModel

@testable import MobileSdkOffline

/// Removing downloaded records forgets their links (from them and to them) and their memberships, and only theirs,
/// however many go at once.
@Suite struct OrphansTests {
    init() { GeneratedEntities.register() }

    /// A store with `count` people (keys `('p0')`, `('p1')`, …), each linked to the next as a friend; the people
    /// `held` names are members of the query `q`.
    static func store(count: Int, held: (Int) -> Bool) throws -> (OfflineStore, EntityTable) {
        let store = try OfflineStore.inMemory(types: [Person.self])
        let table = try store.schema.table(for: Person.self)
        try store.writer.write { db in
            for index in 0..<count {
                try db.execute(
                    sql: "INSERT INTO \(table.name.quotedDatabaseIdentifier) (\"$key\") VALUES (?)",
                    arguments: [key(index)]
                )
                if held(index) {
                    try db.execute(
                        sql: "INSERT INTO \"$members\" (query, table_name, entity_key, generation)"
                            + " VALUES ('q', ?, ?, 1)",
                        arguments: [table.name, key(index)]
                    )
                }
                guard index + 1 < count else { continue }
                try db.execute(
                    sql: "INSERT INTO \"$links\" (source_table, source_key, navigation, position, target_table,"
                        + " target_key) VALUES (?, ?, 'Friends', 0, ?, ?)",
                    arguments: [table.name, key(index), table.name, key(index + 1)]
                )
            }
        }
        return (store, table)
    }

    static func key(_ index: Int) -> String { "('p\(index)')" }

    /// The links left, as source and target indexes, and the members left.
    static func remaining(_ store: OfflineStore) throws -> (links: [[String]], members: [String]) {
        try store.writer.read { db in
            (
                try Row.fetchAll(db, sql: "SELECT source_key, target_key FROM \"$links\" ORDER BY source_key")
                    .map { [$0["source_key"], $0["target_key"]] },
                try String.fetchAll(db, sql: "SELECT entity_key FROM \"$members\" ORDER BY entity_key")
            )
        }
    }

    @Test func aDeletedRecordTakesItsLinksBothWaysAndItsMembershipsOnly() throws {
        let (store, table) = try Self.store(count: 4, held: { _ in true })
        let removed = try store.writer.write { db in
            try Orphans.removeDeleted(table: table, key: Self.key(1), schema: store.schema, db)
        }
        #expect(removed.records == 1)
        let (links, members) = try Self.remaining(store)
        #expect(links == [[Self.key(2), Self.key(3)]], "p0 → p1 and p1 → p2 went, p2 → p3 stays")
        #expect(members == [Self.key(0), Self.key(2), Self.key(3)])
    }

    @Test func aKeyDiffRemovingHundredsForgetsTheLinksOfEach() throws {
        // Every record but each third is unheld: 800 go, more than one statement's share of keys.
        let (store, table) = try Self.store(count: 1_200, held: { $0 % 3 == 0 })
        let removed = try store.writer.write { db in try Orphans.removeUnheld(table: table, schema: store.schema, db) }
        #expect(removed.records == 800)
        let (links, members) = try Self.remaining(store)
        #expect(links.isEmpty, "each link had an end that went")
        #expect(members == (0..<1_200).filter { $0 % 3 == 0 }.map(Self.key).sorted())
        #expect(try store.count(Query<Person>()) == 400)
    }

    @Test func deletionsOfADeltaPageGoTogetherAndSpareRecordsWithLocalChanges() throws {
        let (store, table) = try Self.store(count: 1_200, held: { _ in true })
        try store.writer.write { db in
            try db.execute(
                sql: "UPDATE \(table.name.quotedDatabaseIdentifier) SET \"$pending\" = 1 WHERE \"$key\" = ?",
                arguments: [Self.key(2)]
            )
        }
        // Every even record but the first goes: 599 keys, more than one statement's share.
        let keys = (1..<600).map { Self.key($0 * 2) }
        let removed = try store.writer.write { db in
            try Orphans.removeDeleted(table: table, keys: keys, schema: store.schema, db)
        }
        #expect(removed.records == 598, "the record with local changes stays")
        let (links, members) = try Self.remaining(store)
        #expect(links == [[Self.key(0), Self.key(1)], [Self.key(1), Self.key(2)], [Self.key(2), Self.key(3)]])
        #expect(members.count == 602)
        #expect(try store.count(Query<Person>()) == 602)
    }
}
