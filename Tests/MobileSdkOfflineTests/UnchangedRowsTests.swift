import Foundation
import GRDB
import MobileSdk
import MobileSdkTesting
import Testing
import TripPinModel

@testable import MobileSdkOffline

/// A download writes only what changed: a whole read rewrites no row whose values are the same, and a delta no
/// membership the record already had (each write of a large table's page costs the whole page in the log).
@Suite struct UnchangedRowsTests {
    typealias Fixture = InMemoryServiceFixture

    init() { GeneratedEntities.register() }

    /// Has the store count the updates of `table` from now on, by key.
    static func countUpdates(of table: String, key: String, in store: OfflineStore) throws {
        try store.writer.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE updated (name TEXT);
                    CREATE TRIGGER counted AFTER UPDATE ON \(table.quotedDatabaseIdentifier)
                    BEGIN INSERT INTO updated VALUES (new.\(key.quotedDatabaseIdentifier)); END
                    """
            )
        }
    }

    static func updated(_ store: OfflineStore) throws -> [String] {
        try store.writer.read { db in try String.fetchAll(db, sql: "SELECT name FROM updated ORDER BY name") }
    }

    @Test func aWholeReadRewritesOnlyTheRecordsThatChanged() async throws {
        let service = try Fixture.service(tracksChanges: false)
        let store = try await Fixture.store(service)
        let table = try store.schema.table(for: Person.self)
        try Self.countUpdates(of: table.name, key: "$key", in: store)
        try service.modify(Person.self, key: EntityKey("willieashmore"), in: "People") { $0.age = 23 }
        let russell = try #require(try Fixture.person(store, "russellwhyte"))
        russell.middleName = "Local"
        try store.update(russell)
        let before = try Self.updated(store)

        let report = try #require(try await store.download().queries.first)
        #expect(report.receivedCount == 5 && report.removedCount == 0)
        #expect(try Self.updated(store).count - before.count == 1, "only the changed record was written")
        #expect(try Self.updated(store).last == "('willieashmore')")
        #expect(try Fixture.person(store, "willieashmore")?.age == 23)
        #expect(try Fixture.person(store, "russellwhyte")?.middleName == "Local", "the local change stays")
    }

    @Test func aDeltaKeepsTheMembershipsItFinds() async throws {
        let service = try Fixture.service()
        let store = try await Fixture.store(service)
        try Self.countUpdates(of: StoreDatabase.Tables.members, key: "entity_key", in: store)
        try service.modify(Person.self, key: EntityKey("scottketchum"), in: "People") { $0.firstName = "Scotty" }

        let report = try #require(try await store.download().queries.first)
        #expect(report.wasDelta && report.receivedCount == 1)
        #expect(try Self.updated(store).isEmpty, "the changed record was a member already")
        #expect(try Fixture.person(store, "scottketchum")?.firstName == "Scotty")
        #expect(try store.count(Query<Person>()) == 5)
    }
}
