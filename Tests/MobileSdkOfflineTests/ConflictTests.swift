import Foundation
import MobileSdk
import MobileSdkOffline
import MobileSdkTesting
import Testing
import TripPinModel

/// A record changed on the service between download and upload, against an in-memory service: the change is
/// refused 412 and archived as a conflict, then resolved each of the three ways, or settled by a conflict policy.
/// `ConflictLiveTests` shows the same against odatapy.
@Suite struct ConflictTests {
    typealias Fixture = InMemoryServiceFixture

    init() { GeneratedEntities.register() }

    /// A service and a store with Russell downloaded, changed locally (age 40) after the service changed him (first
    /// name "Server").
    static func conflicted() async throws -> (InMemoryService, OfflineStore) {
        let service = try Fixture.service()
        let store = try await Fixture.store(service)
        try service.modify(Person.self, key: EntityKey("russellwhyte"), in: "People") { $0.firstName = "Server" }
        let russell = try #require(try Fixture.person(store, "russellwhyte"))
        russell.age = 40
        try store.update(russell)
        service.clearRequests()
        return (service, store)
    }

    static func serverRussell(_ service: InMemoryService) throws -> Person {
        try #require(service.record(Person.self, key: EntityKey("russellwhyte"), in: "People"))
    }

    @Test func aConflictIsArchivedAndHoldsTheRecordsLaterChanges() async throws {
        let (service, store) = try await Self.conflicted()
        let scott = try #require(try Fixture.person(store, "scottketchum"))
        scott.middleName = "Q"
        try store.update(scott)
        let report = try await store.upload()
        #expect(report.archivedCount == 1)
        #expect(report.sentCount == 1, "another record's change still goes")
        let archived = try #require(try store.errorArchive().first)
        #expect(archived.isConflict)
        #expect(archived.request.entityKey == "('russellwhyte')")
        #expect(archived.request.attributes == ["Age": .int32(40)])
        #expect(try Fixture.person(store, "russellwhyte")?.age == 40, "the local change stays visible")
        #expect(try Self.serverRussell(service).age == 33)
        #expect(try store.fetch(Query<Person>().filter { _ in .inErrorState }).map(\.userName) == ["russellwhyte"])
    }

    @Test func retryingAConflictSendsTheChangeOverTheServicesVersion() async throws {
        let (service, store) = try await Self.conflicted()
        try await store.upload()
        try await store.resolve(try #require(try store.errorArchive().first), by: .retry)
        #expect(try store.errorArchive().isEmpty)
        #expect(try await store.upload().sentCount == 1)
        let server = try Self.serverRussell(service)
        #expect(server.age == 40)
        #expect(server.firstName == "Server")
        #expect(service.requests.filter { $0.kind == .update }.map { $0.headers["If-Match"] }.last == "*")
        #expect(try Fixture.person(store, "russellwhyte")?.eTag == server.eTag)
    }

    @Test func takingTheServicesVersionDropsTheLocalChange() async throws {
        let (service, store) = try await Self.conflicted()
        try await store.upload()
        try await store.resolve(try #require(try store.errorArchive().first), by: .takeServerVersion)
        let russell = try #require(try Fixture.person(store, "russellwhyte"))
        #expect(russell.firstName == "Server")
        #expect(russell.age == 33)
        #expect(russell.eTag == (try Self.serverRussell(service).eTag))
        #expect(try store.pendingRequests().isEmpty)
        #expect(try store.errorArchive().isEmpty)
    }

    @Test func discardingDropsOnlyThatChange() async throws {
        let (service, store) = try await Self.conflicted()
        try await store.upload()
        try await store.resolve(try #require(try store.errorArchive().first), by: .discard)
        #expect(try store.errorArchive().isEmpty)
        #expect(try store.pendingRequests().isEmpty)
        #expect(try Self.serverRussell(service).age == 33)
        #expect(try store.fetch(Query<Person>().filter { _ in .inErrorState }).isEmpty)
    }

    @Test func policiesSettleConflictsWithoutTheArchive() async throws {
        let (clientService, clientWins) = try await Self.conflicted()
        #expect(try await clientWins.upload(conflicts: .clientWins).sentCount == 1)
        #expect(try Self.serverRussell(clientService).age == 40)
        #expect(
            clientService.requests.map { $0.headers["If-Match"] != "*" } == [true, false],
            "refused, then sent over"
        )

        let (serverService, serverWins) = try await Self.conflicted()
        let report = try await serverWins.upload(conflicts: .serverWins)
        #expect(report.archivedCount == 0)
        #expect(try serverWins.entity(Person.self, key: EntityKey("russellwhyte"))?.firstName == "Server")
        #expect(try Self.serverRussell(serverService).age == 33)
        #expect(try serverWins.errorArchive().isEmpty)
    }
}
