import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkOffline
import MobileSdkTesting
import TripPinModel

/// Five people on an in-memory service, and stores that download them: the store's download, queue, upload and
/// conflicts tested without a server (the live suites show the same against odatapy).
enum InMemoryServiceFixture {
    static let people = DefiningQuery("people", Query<Person>())
    static let userNames = ["javieralfred", "ronaldmundy", "russellwhyte", "scottketchum", "willieashmore"]

    /// A service holding the five people, pages of `pageSize`.
    static func service(
        pageSize: Int = 100,
        tracksChanges: Bool = true,
        removalFormat: ODataPage.RemovalFormat = .deletedEntity,
        retryPolicy: RetryPolicy = .none
    ) throws -> InMemoryService {
        let service = InMemoryService(
            pageSize: pageSize,
            tracksChanges: tracksChanges,
            removalFormat: removalFormat,
            retryPolicy: retryPolicy
        )
        try service.seed(
            [
                LocalQueryTests.person("russellwhyte", "Russell", "Whyte", age: 33),
                LocalQueryTests.person("scottketchum", "Scott", "Ketchum", age: 25),
                LocalQueryTests.person("ronaldmundy", "Ronald", "Mundy", age: 40),
                LocalQueryTests.person("javieralfred", "Javier", "Alfred", age: 28),
                LocalQueryTests.person("willieashmore", "Willie", "Ashmore", age: 22),
            ],
            in: "People"
        )
        return service
    }

    /// A store in memory that reads the people from `service`, downloaded once unless `downloaded` is false.
    static func store(_ service: InMemoryService, downloaded: Bool = true) async throws -> OfflineStore {
        let store = try OfflineStore.inMemory(types: [], definingQueries: [people], service: service)
        if downloaded { try await store.download() }
        return store
    }

    static func person(_ store: OfflineStore, _ userName: String) throws -> Person? {
        try store.entity(Person.self, key: EntityKey(userName))
    }

    static func userNames(_ store: OfflineStore) throws -> [String] {
        try store.fetch(Query<Person>().orderBy(\.userName)).compactMap(\.userName)
    }
}
