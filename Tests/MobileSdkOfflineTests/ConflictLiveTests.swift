import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkOffline
import TestSupport
import Testing
import TripPinModel

extension OfflineLive {
    /// A record changed on the server between download and upload: the change is archived as a conflict and
    /// resolved each of the three ways, or settled by a conflict policy.
    @Suite(.serialized) struct ConflictLiveTests {
        init() { GeneratedEntities.register() }

        /// A store with Russell downloaded, changed locally (age 40) after the server changed him (first name
        /// "Server").
        static func conflicted() async throws -> OfflineStore {
            try await OfflineServer.reset()
            try await OfflineServer.seed()
            let store = try OfflineStore.inMemory(
                types: [],
                definingQueries: [OfflineLive.OfflineLiveTests.people],
                client: try OfflineServer.client()
            )
            try await store.download()
            let etag = try #require(
                try await OfflineServer.http("GET", "People('russellwhyte')").body?["@odata.etag"] as? String
            )
            let (status, _) = try await OfflineServer.http(
                "PATCH",
                "People('russellwhyte')",
                json: ["FirstName": "Server"],
                headers: ["If-Match": etag]
            )
            #expect(status == 204 || status == 200)
            let russell = try #require(try store.entity(Person.self, key: EntityKey("russellwhyte")))
            russell.age = 40
            try store.update(russell)
            return store
        }

        static func serverRussell() async throws -> [String: Any] {
            try #require(try await OfflineServer.http("GET", "People('russellwhyte')").body)
        }

        @Test func aConflictIsArchivedAndHoldsTheRecordsLaterChanges() async throws {
            let store = try await Self.conflicted()
            let scott = try #require(try store.entity(Person.self, key: EntityKey("scottketchum")))
            scott.middleName = "Q"
            try store.update(scott)
            let report = try await store.upload()
            #expect(report.archivedCount == 1)
            #expect(report.sentCount == 1, "another record's change still goes")
            let archived = try #require(try store.errorArchive().first)
            #expect(archived.isConflict)
            #expect(archived.request.entityKey == "('russellwhyte')")
            #expect(archived.request.attributes == ["Age": .int32(40)])
            #expect(try store.count(Query<Person>().filter { $0.age == 40 }) == 1, "the local change stays visible")
            #expect(try await Self.serverRussell()["Age"] as? Int == 33)
            let inError = try store.fetch(Query<Person>().filter { _ in .inErrorState })
            #expect(inError.map(\.userName) == ["russellwhyte"])
            #expect(try store.count(Query<Person>().filter { $0.age == 40 && .hasPendingChanges }) == 1)
        }

        @Test func retryingAConflictSendsTheChangeOverTheServersVersion() async throws {
            let store = try await Self.conflicted()
            try await store.upload()
            let archived = try #require(try store.errorArchive().first)
            try await store.resolve(archived, by: .retry)
            #expect(try store.errorArchive().isEmpty)
            #expect(try await store.upload().sentCount == 1)
            let server = try await Self.serverRussell()
            #expect(server["Age"] as? Int == 40)
            #expect(server["FirstName"] as? String == "Server")
        }

        @Test func takingTheServersVersionDropsTheLocalChange() async throws {
            let store = try await Self.conflicted()
            try await store.upload()
            try await store.resolve(try #require(try store.errorArchive().first), by: .takeServerVersion)
            let russell = try #require(try store.entity(Person.self, key: EntityKey("russellwhyte")))
            #expect(russell.firstName == "Server")
            #expect(russell.age == 33)
            #expect(try store.pendingRequests().isEmpty)
            #expect(try store.errorArchive().isEmpty)
        }

        @Test func discardingDropsOnlyThatChange() async throws {
            let store = try await Self.conflicted()
            try await store.upload()
            try await store.resolve(try #require(try store.errorArchive().first), by: .discard)
            #expect(try store.errorArchive().isEmpty)
            #expect(try store.pendingRequests().isEmpty)
            #expect(try await Self.serverRussell()["Age"] as? Int == 33)
        }

        @Test func policiesSettleConflictsWithoutTheArchive() async throws {
            let clientWins = try await Self.conflicted()
            #expect(try await clientWins.upload(conflicts: .clientWins).sentCount == 1)
            #expect(try await Self.serverRussell()["Age"] as? Int == 40)

            let serverWins = try await Self.conflicted()
            let report = try await serverWins.upload(conflicts: .serverWins)
            #expect(report.archivedCount == 0)
            #expect(try serverWins.entity(Person.self, key: EntityKey("russellwhyte"))?.firstName == "Server")
            #expect(try await Self.serverRussell()["Age"] as? Int == 33)
        }

        @Test func theGeneratedServiceRunsOverTheStore() async throws {
            let store = try await Self.conflicted()
            let service = ContainerService(client: store)
            let young = try await service.people.query(Query<Person>().filter { $0.age < 30 }.orderBy(\.userName))
            #expect(young.compactMap(\.userName) == ["clydeguess", "scottketchum", "willieashmore"])
            let russell = try await service.people.retrieve(EntityKey("russellwhyte"))
            #expect(russell.age == 40)
            let newcomer = Person(key: EntityKey("fromservice"))
            newcomer.lastName = "Service"
            try await service.people.create(newcomer)
            try await service.people.delete(EntityKey("ronaldmundy"))
            #expect(try store.pendingRequests().map(\.method) == [.update, .create, .delete])
            await #expect(throws: OfflineStoreError.self) { try await service.me.retrieve() }
        }
    }
}
