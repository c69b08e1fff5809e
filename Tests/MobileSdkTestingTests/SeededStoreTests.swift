import Foundation
import MobileSdk
import MobileSdkOffline
import MobileSdkTesting
import Testing
import TripPinModel

/// In-memory stores seeded from entities or from a page, read with the typed queries.
struct SeededStoreTests {
    init() { GeneratedEntities.register() }

    @Test func aStoreSeededWithEntitiesAnswersQueriesWithThemAndTheirRelatedRecords() throws {
        let ana = Fixtures.person("ana", first: "Ana", last: "Martín", age: 34)
        let trip = Trip(key: EntityKey(Int32(1)))
        trip.name = "Lisbon"
        ana.trips = [trip]
        let store = try OfflineStore.seeded(with: [ana, Fixtures.person("ben", first: "Ben", last: "Okafor", age: 20)])

        let older = try store.fetch(Query<Person>().filter { $0.age > 30 }.expand(\.trips))

        #expect(older.map(\.userName) == ["ana"])
        #expect(older.first?.trips?.map(\.name) == ["Lisbon"])
        #expect(try store.pendingRequests().isEmpty)
    }

    @Test func aStoreSeededFromAPageHoldsWhatThePageHolds() throws {
        let page = try ODataPage([Fixtures.person("ana", first: "Ana", last: "M")]).json()
        let store = try OfflineStore.seeded(page: page, of: Person.self, types: [Airline.self])

        #expect(try store.fetch(Query<Person>()).map(\.firstName) == ["Ana"])
        #expect(try store.fetch(Query<Airline>()).isEmpty)
    }
}
