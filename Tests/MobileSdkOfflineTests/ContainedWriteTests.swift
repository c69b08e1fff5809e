import Foundation
import MobileSdk
import MobileSdkOffline
import TestSupport
import Testing
import TripPinModel

/// Records another record contains (TripPin's `Person/Trips`) are changed by naming their parent: the store keeps
/// them apart by it and sends their requests to the parent's collection.
@Suite struct ContainedWriteTests {
    init() { GeneratedEntities.register() }

    /// Ada and Bob, each with a trip of `TripId` 1.
    static func store() throws -> OfflineStore {
        let store = try OfflineStore.inMemory(
            types: [],
            definingQueries: [DefiningQuery("people with trips", Query<Person>().expand(\.trips))]
        )
        for (userName, budget) in [("ada", Float(100)), ("bob", 200)] {
            let person = LocalQueryTests.person(userName, userName.capitalized, "Tripper", age: 30)
            let trip = Trip(key: EntityKey(Int32(1)))
            trip.name = "Trip of \(userName)"
            trip.budget = budget
            trip.acceptChanges()
            person.trips = [trip]
            person.acceptChanges()
            try store.insertDownloaded([person])
        }
        return store
    }

    static func trips(_ store: OfflineStore, of userName: String) throws -> [Trip] {
        try store.entity(Query<Person>().expand(\.trips), key: EntityKey(userName))?.trips ?? []
    }

    @Test func aTripIsChangedInItsPersonOnly() throws {
        let store = try Self.store()
        let ada = try #require(try store.entity(Person.self, key: EntityKey("ada")))
        let trip = try #require(try Self.trips(store, of: "ada").first)
        trip.budget = 150
        try store.update(trip, in: ada, \.trips)
        #expect(try Self.trips(store, of: "ada").map(\.budget) == [150])
        #expect(try Self.trips(store, of: "bob").map(\.budget) == [200])
        let request = try #require(try store.pendingRequests().first)
        #expect(request.method == .update)
        #expect(request.entitySet == "People('ada')/Trips")
        #expect(request.entityKey == "('ada')/Trips(1)")
        #expect(request.attributes == ["Budget": .single(150)])
        #expect(try store.hasPendingChanges(trip, in: ada, \.trips))
        try store.undoPendingChanges(for: trip, in: ada, \.trips)
        #expect(try Self.trips(store, of: "ada").map(\.budget) == [100])
        #expect(try store.pendingRequests().isEmpty)
    }

    @Test func aTripCreatedAndDeletedInAPersonShowsThereAtOnce() throws {
        let store = try Self.store()
        let bob = try #require(try store.entity(Person.self, key: EntityKey("bob")))
        let trip = Trip(creatingWithKey: EntityKey(Int32(7)))
        trip.name = "Site visit"
        trip.budget = 700
        try store.create(trip, in: bob, \.trips)
        #expect(try Self.trips(store, of: "bob").compactMap(\.name).sorted() == ["Site visit", "Trip of bob"])
        #expect(try Self.trips(store, of: "ada").compactMap(\.name) == ["Trip of ada"])
        let create = try #require(try store.pendingRequests().first)
        #expect(create.method == .create && create.entitySet == "People('bob')/Trips")
        let first = try #require(try Self.trips(store, of: "bob").first { $0.tripId == 1 })
        try store.delete(first, in: bob, \.trips)
        #expect(try Self.trips(store, of: "bob").compactMap(\.name) == ["Site visit"])
        #expect(try Self.trips(store, of: "ada").compactMap(\.name) == ["Trip of ada"])
        #expect(try store.pendingRequests().map(\.method) == [.create, .delete])
    }

    @Test func undoingAPersonCreatedHereTakesTheTripsCreatedInItAlong() throws {
        let store = try Self.store()
        let zed = LocalQueryTests.person("zed", "Zed", "Tripper", age: 40)
        try store.create(zed)
        let trip = Trip(creatingWithKey: EntityKey(Int32(1)))
        trip.name = "Zed's trip"
        try store.create(trip, in: zed, \.trips)
        #expect(try store.pendingRequests().count == 2)
        try store.undoPendingChanges(for: zed)
        #expect(try store.pendingRequests().isEmpty)
        #expect(try store.entity(Person.self, key: EntityKey("zed")) == nil)
        #expect(try store.fetch(Query<Trip>()).compactMap(\.name).sorted() == ["Trip of ada", "Trip of bob"])
    }

    @Test func aContainedRecordNamedWithoutItsParentIsRefusedWithAClearError() throws {
        let store = try Self.store()
        let trip = try #require(try Self.trips(store, of: "ada").first)
        trip.budget = 1
        #expect { try store.update(trip) } throws: { error in
            "\(error)".contains("contained (Person/Trips)") && "\(error)".contains("update(_:in:_:category:)")
        }
        let ada = try #require(try store.entity(Person.self, key: EntityKey("ada")))
        let keyless = Trip()
        keyless.name = "No key"
        #expect(throws: OfflineStoreError.self) { try store.create(keyless, in: ada, \.trips) }
        #expect(throws: OfflineStoreError.self) { try store.update(ada, in: ada, \.friends) }
    }
}
