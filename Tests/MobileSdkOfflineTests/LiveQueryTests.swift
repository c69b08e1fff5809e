import Foundation
import MobileSdk
import MobileSdkClient
@testable import MobileSdkOffline
import TestSupport
import Testing
import TripPinModel

/// Live queries follow local writes (and downloads, which write the same tables).
@Suite struct LiveQueryTests {
    init() { GeneratedEntities.register() }

    @MainActor @Test func resultsFollowLocalWrites() async throws {
        let store = try LocalQueryTests.store()
        let live = LiveQuery(Query<Person>().filter { $0.age > 30 }.orderBy(\.userName), in: store)
        #expect(live.results.compactMap(\.userName) == ["javieralfred", "russellwhyte"])
        let scott = try #require(try store.entity(Person.self, key: EntityKey("scottketchum")))
        scott.age = 31
        try store.update(scott)
        try await Self.waitUntil { live.results.count == 3 }
        #expect(live.results.compactMap(\.userName) == ["javieralfred", "russellwhyte", "scottketchum"])
        try store.delete(try #require(try store.entity(Person.self, key: EntityKey("javieralfred"))))
        try await Self.waitUntil { live.results.count == 2 }
        #expect(live.error == nil)
    }

    @MainActor @Test func updatesAreAnAsyncSequence() async throws {
        let store = try LocalQueryTests.store()
        let live = LiveQuery(Query<Person>().filter { $0.lastName == "Newman" }, in: store)
        var received: [[String]] = []
        for await people in live.updates {
            received.append(people.compactMap(\.userName))
            if received.count == 2 { break }
            try store.create(LocalQueryTests.person("newman", "Alfred", "Newman", age: 50))
        }
        #expect(received == [[], ["newman"]])
    }

    @MainActor @Test func aQueryTheStoreCannotEvaluateReportsItsError() throws {
        let store = try LocalQueryTests.store()
        let live = LiveQuery(Query<Person>().filter { $0.addressInfo.any { $0.address == "x" } }, in: store)
        #expect(live.results.isEmpty)
        #expect(live.error != nil)
    }

    /// Waits (up to two seconds) for `condition`, checked on the main actor as the live query changes there.
    @MainActor static func waitUntil(_ condition: @MainActor () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(2)
        while !condition(), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        #expect(condition())
    }
}

extension LiveQueryTests {
    @MainActor @Test func resultsFollowWritesToAStoreFile() async throws {
        let file = try Paths.temporaryDirectory().appendingPathComponent("store.sqlite")
        let store = try OfflineStore(at: file, client: nil, definingQueries: [BadInputTests.people])
        try store.insertDownloaded([LocalQueryTests.person("russellwhyte", "Russell", "Whyte", age: 33)])
        let live = LiveQuery(Query<Person>().orderBy(\.lastName), in: store)
        #expect(live.results.count == 1)
        try store.create(LocalQueryTests.person("alfred", "Al", "Alfred", age: 50))
        try await Self.waitUntil { live.results.count == 2 }
        #expect(live.results.first?.lastName == "Alfred")
    }
}

/// Live queries observe what their SQL reads: the related records and links of a navigation path in the filter or
/// the orderings, once per change for every subscriber, and nothing else.
extension LiveQueryTests {
    /// People, airlines, photos, and trips kept with a defining query of their own (a contained class, which the
    /// store reads and writes like any other).
    static func relatedStore(inFile: Bool = false) throws -> OfflineStore {
        let types: [Entity.Type] = [Person.self, Airline.self, Photo.self]
        let trips = DefiningQuery("trips", Query<Trip>())
        let store =
            inFile
            ? try OfflineStore(
                at: try Paths.temporaryDirectory().appendingPathComponent("store.sqlite"),
                client: nil,
                definingQueries: [trips],
                types: types
            ) : try OfflineStore.inMemory(types: types, definingQueries: [trips])
        try store.insertDownloaded([
            LocalQueryTests.person("russellwhyte", "Russell", "Whyte", age: 33),
            LocalQueryTests.person("scottketchum", "Scott", "Ketchum", age: 28),
            LocalQueryTests.person("javieralfred", "Javier", "Alfred", age: 45), photo(1, "Sunset"), photo(2, "Beach"),
            trip(1, "Paris", budget: 1000), trip(2, "Tokyo", budget: 5000), trip(3, "Rome", budget: 4000),
        ])
        return store
    }

    static func photo(_ id: Int64, _ name: String) -> Photo {
        let photo = Photo(key: EntityKey(id))
        photo.name = name
        photo.acceptChanges()
        return photo
    }

    static func trip(_ id: Int32, _ name: String, budget: Float) -> Trip {
        let trip = Trip(key: EntityKey(id))
        trip.name = name
        trip.budget = budget
        trip.acceptChanges()
        return trip
    }

    static func person(_ userName: String, in store: OfflineStore) throws -> Person {
        try #require(try store.entity(Person.self, key: EntityKey(userName)))
    }

    static func photo(_ id: Int64, in store: OfflineStore) throws -> Photo {
        try #require(try store.entity(Photo.self, key: EntityKey(id)))
    }

    static func trip(_ id: Int32, in store: OfflineStore) throws -> Trip {
        try #require(try store.entity(Trip.self, key: EntityKey(id)))
    }

    @MainActor static func names(_ live: LiveQuery<Person>) -> [String] { live.results.compactMap(\.userName) }

    @MainActor @Test(arguments: [false, true]) func aFilterThroughANavigationFollowsTheRelatedRecordsAndTheLinks(
        inFile: Bool
    ) async throws {
        let store = try Self.relatedStore(inFile: inFile)
        let (russell, scott) = (try Self.person("russellwhyte", in: store), try Self.person("scottketchum", in: store))
        let (sunset, beach) = (try Self.photo(1, in: store), try Self.photo(2, in: store))
        try store.associate(russell, \.photo, with: sunset)
        try store.associate(scott, \.photo, with: beach)
        let live = LiveQuery(Query<Person>().filter { $0.photo.name == "Sunset" }, in: store)
        #expect(Self.names(live) == ["russellwhyte"])
        // Only the photos' table changes.
        beach.name = "Sunset"
        try store.update(beach)
        try await Self.waitUntil { Self.names(live) == ["russellwhyte", "scottketchum"] }
        try store.disassociate(russell, \.photo, from: sunset)
        try await Self.waitUntil { Self.names(live) == ["scottketchum"] }
        try store.associate(try Self.person("javieralfred", in: store), \.photo, with: sunset)
        try await Self.waitUntil { Self.names(live) == ["javieralfred", "scottketchum"] }
        #expect(live.error == nil)
    }

    @MainActor @Test func anyAndAllOverACollectionNavigationFollowTheRelatedRecordsAndTheLinks() async throws {
        let store = try Self.relatedStore()
        let (russell, scott) = (try Self.person("russellwhyte", in: store), try Self.person("scottketchum", in: store))
        let (paris, tokyo, rome) = (
            try Self.trip(1, in: store), try Self.trip(2, in: store), try Self.trip(3, in: store)
        )
        try store.associate(russell, \.trips, with: paris)
        try store.associate(scott, \.trips, with: tokyo)
        try store.associate(scott, \.trips, with: rome)
        let any = LiveQuery(Query<Person>().filter { $0.trips.any { $0.budget > 3000 } }, in: store)
        let all = LiveQuery(
            Query<Person>()
                .filter { $0.trips.all { $0.budget > 3000 } && $0.userName.isIn(["russellwhyte", "scottketchum"]) },
            in: store
        )
        #expect(Self.names(any) == ["scottketchum"])
        #expect(Self.names(all) == ["scottketchum"])
        // Only the trips' table changes.
        paris.budget = 4500
        try store.update(paris)
        try await Self.waitUntil { Self.names(any) == ["russellwhyte", "scottketchum"] }
        try await Self.waitUntil { Self.names(all) == ["russellwhyte", "scottketchum"] }
        rome.budget = 2000
        try store.update(rome)
        try await Self.waitUntil { Self.names(all) == ["russellwhyte"] }
        #expect(Self.names(any) == ["russellwhyte", "scottketchum"])
        try store.disassociate(scott, \.trips, from: rome)
        try await Self.waitUntil { Self.names(all) == ["russellwhyte", "scottketchum"] }
        try store.disassociate(scott, \.trips, from: tokyo)
        try await Self.waitUntil { Self.names(any) == ["russellwhyte"] }
        #expect(any.error == nil && all.error == nil)
    }

    @MainActor @Test func anOrderingByARelatedPathFollowsTheRelatedRecords() async throws {
        let store = try Self.relatedStore()
        let (sunset, beach) = (try Self.photo(1, in: store), try Self.photo(2, in: store))
        try store.associate(try Self.person("russellwhyte", in: store), \.photo, with: sunset)
        try store.associate(try Self.person("scottketchum", in: store), \.photo, with: beach)
        let live = LiveQuery(Query<Person>().filter { $0.photo.name != nil }.orderBy(\.photo?.name), in: store)
        #expect(Self.names(live) == ["scottketchum", "russellwhyte"])
        sunset.name = "Aurora"
        try store.update(sunset)
        try await Self.waitUntil { Self.names(live) == ["russellwhyte", "scottketchum"] }
        #expect(live.error == nil)
    }

    @MainActor @Test func aFilterOnAComplexValuesMemberFollowsItsColumn() async throws {
        let store = try Self.relatedStore()
        let live = LiveQuery(Query<Person>().filter { $0.homeAddress.city.name == "Seattle" }, in: store)
        #expect(live.results.isEmpty)
        let russell = try Self.person("russellwhyte", in: store)
        var city = City()
        city.name = "Seattle"
        var home = Location()
        home.city = city
        russell.homeAddress = home
        try store.update(russell)
        try await Self.waitUntil { Self.names(live) == ["russellwhyte"] }
        #expect(live.error == nil)
    }

    @MainActor @Test func oneEvaluationPerChangeServesTheResultsAndEveryStream() async throws {
        let store = try LocalQueryTests.store()
        let live = LiveQuery(Query<Person>().filter { $0.lastName == "Newman" }.expand(\.friends), in: store)
        var first = live.updates.makeAsyncIterator()
        var second = live.updates.makeAsyncIterator()
        #expect(await first.next(isolation: #isolation)?.isEmpty == true)
        #expect(await second.next(isolation: #isolation)?.isEmpty == true)
        #expect(live.evaluations.value == 1)
        try store.create(LocalQueryTests.person("newman", "Alfred", "Newman", age: 50))
        try await Self.waitUntil { live.results.count == 1 }
        let firstPeople = try #require(await first.next(isolation: #isolation))
        let secondPeople = try #require(await second.next(isolation: #isolation))
        #expect(firstPeople.compactMap(\.userName) == ["newman"] && secondPeople.compactMap(\.userName) == ["newman"])
        #expect(live.evaluations.value == 2)
        // Each list holds entities of its own.
        #expect(firstPeople[0] !== live.results[0] && secondPeople[0] !== live.results[0])
        #expect(firstPeople[0] !== secondPeople[0])
        // A stream that starts later starts with the results as the store gave them, not as the app changed them.
        live.results[0].firstName = "Changed"
        var third = live.updates.makeAsyncIterator()
        let thirdPeople = try #require(await third.next(isolation: #isolation))
        #expect(thirdPeople.first?.firstName == "Alfred")
        #expect(thirdPeople.first?.changedAttributeNames.isEmpty == true)
        #expect(live.evaluations.value == 2)
    }

    @MainActor @Test func aWriteOutsideWhatTheQueryReadsEvaluatesNothing() async throws {
        let store = try Self.relatedStore()
        let live = LiveQuery(Query<Photo>().orderBy(\.name), in: store)
        #expect(live.results.compactMap(\.name) == ["Beach", "Sunset"])
        #expect(live.evaluations.value == 1)
        let airline = Airline(key: EntityKey("FM"))
        airline.name = "Shanghai Airline"
        try store.create(airline)
        // People and the links between them: no photo.
        try store.associate(
            try Self.person("russellwhyte", in: store),
            \.friends,
            with: try Self.person("scottketchum", in: store)
        )
        // Time for an evaluation, had either write caused one.
        try await Task.sleep(for: .milliseconds(200))
        #expect(live.evaluations.value == 1)
        let sunset = try Self.photo(1, in: store)
        sunset.name = "Aurora"
        try store.update(sunset)
        try await Self.waitUntil { live.results.first?.name == "Aurora" }
        #expect(live.evaluations.value == 2)
    }

    @MainActor @Test func aDownloadOfTheRelatedRecordsReachesTheLiveQuery() async throws {
        let body = Data(#"{"value": [{"Id": 1, "Name": "Sunset"}, {"Id": 2, "Name": "Sunset"}]}"#.utf8)
        let root = try #require(URL(string: "https://example.com/trippin/"))
        let client = ODataClient(
            ODataClient.Configuration(serviceRoot: root, transport: RecordReadingTests.onePage(body))
        )
        let store = try OfflineStore.inMemory(
            types: [Person.self],
            definingQueries: [DefiningQuery("photos", Query<Photo>())],
            client: client
        )
        try store.insertDownloaded([
            LocalQueryTests.person("russellwhyte", "Russell", "Whyte", age: 33),
            LocalQueryTests.person("scottketchum", "Scott", "Ketchum", age: 28), Self.photo(1, "Sunset"),
            Self.photo(2, "Beach"),
        ])
        try store.associate(try Self.person("russellwhyte", in: store), \.photo, with: try Self.photo(1, in: store))
        try store.associate(try Self.person("scottketchum", in: store), \.photo, with: try Self.photo(2, in: store))
        let live = LiveQuery(Query<Person>().filter { $0.photo.name == "Sunset" }, in: store)
        #expect(Self.names(live) == ["russellwhyte"])
        try await store.download()
        try await Self.waitUntil { Self.names(live) == ["russellwhyte", "scottketchum"] }
    }
}
