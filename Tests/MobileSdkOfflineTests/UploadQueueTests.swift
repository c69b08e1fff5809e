import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkOffline
import MobileSdkTesting
import TestSupport
import Testing
import TripPinModel

/// The store's queue and upload against an in-memory service: changes sent in order with the ETags they were made
/// against, a refused change archived with the record's later changes held behind it, links, an answer lost after
/// the service made the change, throttling, an unreachable service. `OfflineLiveTests`, `CrashSafetyLiveTests` and
/// `UnreachableServiceTests` show the same against odatapy.
@Suite struct UploadQueueTests {
    typealias Fixture = InMemoryServiceFixture

    init() { GeneratedEntities.register() }

    @Test func changesAreSentInTheOrderTheyWereMade() async throws {
        let service = try Fixture.service()
        let store = try await Fixture.store(service)
        let russell = try #require(try Fixture.person(store, "russellwhyte"))
        let downloadedETag = try #require(russell.eTag)
        russell.age = 34
        try store.update(russell)
        try store.delete(try #require(try Fixture.person(store, "ronaldmundy")))
        let newcomer = Person(key: EntityKey("newcomer"))
        newcomer.firstName = "New"
        newcomer.lastName = "Comer"
        newcomer.emails = []
        try store.create(newcomer)
        newcomer.age = 22
        try store.update(newcomer)
        #expect(try store.pendingRequests().map(\.method) == [.update, .delete, .create])

        service.isReachable = false
        await #expect(throws: (any Error).self) { try await store.upload() }
        #expect(try store.pendingRequests().count == 3, "a failed upload keeps every change")

        service.isReachable = true
        service.clearRequests()
        let report = try await store.upload()
        #expect(report.sentCount == 3)
        // No connection was made to the service out of reach, so nothing is read back: the changes go as made.
        #expect(
            service.requests.map(\.description) == [
                "update People('russellwhyte')", "delete People('ronaldmundy')", "create People('newcomer')",
            ]
        )
        let update = try #require(service.requests.first { $0.kind == .update })
        #expect(update.headers["If-Match"] == downloadedETag, "the update's precondition")
        #expect(update.attributes == ["Age": .int32(34)], "only what changed is sent")
        #expect(try store.pendingRequests().isEmpty)
        let serverRussell = try #require(service.record(Person.self, key: EntityKey("russellwhyte"), in: "People"))
        #expect(serverRussell.age == 34)
        #expect(try Fixture.person(store, "russellwhyte")?.eTag == serverRussell.eTag, "the store keeps the new ETag")
        #expect(service.record(Person.self, key: EntityKey("ronaldmundy"), in: "People") == nil)
        let created = try #require(service.record(Person.self, key: EntityKey("newcomer"), in: "People"))
        #expect(created.firstName == "New" && created.age == 22)
        #expect(try store.count(Query<Person>().filter { _ in .hasPendingChanges }) == 0)
    }

    @Test func aRefusedChangeIsArchivedAndHoldsTheRecordsLaterChanges() async throws {
        let service = try Fixture.service()
        let store = try await Fixture.store(service)
        service.fail(.status(400), where: { $0.kind == .update && $0.path == "People('russellwhyte')" })
        let russell = try #require(try Fixture.person(store, "russellwhyte"))
        russell.age = 34
        try store.update(russell)
        let scott = try #require(try Fixture.person(store, "scottketchum"))
        scott.middleName = "Q"
        try store.update(scott)
        try store.associate(russell, navigationProperty: "Friends", with: scott)

        let report = try await store.upload()
        #expect(report.archivedCount == 1)
        #expect(report.sentCount == 1, "another record's change still goes")
        #expect(report.heldCount == 1, "the refused record's link waits behind its update")
        let archived = try #require(try store.errorArchive().first)
        #expect(archived.statusCode == 400 && !archived.isConflict)
        #expect(archived.request.attributes == ["Age": .int32(34)])
        #expect(
            try store.fetch(Query<Person>().filter { _ in .inErrorState }).compactMap(\.userName) == ["russellwhyte"]
        )
        #expect(try store.pendingRequests().map(\.method) == [.associate])
        #expect(service.record(Person.self, key: EntityKey("russellwhyte"), in: "People")?.age == 33)
        #expect(service.record(Person.self, key: EntityKey("scottketchum"), in: "People")?.middleName == "Q")

        try await store.resolve(archived, by: .discard)
        #expect(try await store.upload().sentCount == 1)
        #expect(
            service.linkedRecords(from: EntityKey("russellwhyte"), in: "People", through: "Friends") == [
                "People('scottketchum')"
            ]
        )
        #expect(try store.errorArchive().isEmpty)
    }

    @Test func linksMadeOfflineReachTheService() async throws {
        let service = try Fixture.service()
        let store = try await Fixture.store(service)
        let russell = try #require(try Fixture.person(store, "russellwhyte"))
        for name in ["scottketchum", "javieralfred"] {
            try store.associate(
                russell,
                navigationProperty: "Friends",
                with: try #require(try Fixture.person(store, name))
            )
        }
        #expect(try await store.upload().sentCount == 2)
        let friends = { service.linkedRecords(from: EntityKey("russellwhyte"), in: "People", through: "Friends") }
        #expect(friends() == ["People('javieralfred')", "People('scottketchum')"])

        try store.disassociate(
            russell,
            navigationProperty: "Friends",
            from: try #require(try Fixture.person(store, "scottketchum"))
        )
        #expect(try await store.upload().sentCount == 1)
        #expect(friends() == ["People('javieralfred')"])
        #expect(
            service.requests.filter { $0.kind == .disassociate }.map(\.path) == [
                "People('russellwhyte')/Friends → People('scottketchum')"
            ]
        )
    }

    @Test func aCreateWhoseAnswerWasLostIsReadBackNotSentAgain() async throws {
        let service = try Fixture.service()
        let store = try await Fixture.store(service)
        try store.create(LocalQueryTests.person("newcomer", "New", "Comer", age: 22))
        service.fail(.answerLost, where: { $0.kind == .create })
        await #expect(throws: URLError.self) { try await store.upload() }
        let waiting = try #require(try store.pendingRequests().first)
        #expect(waiting.method == .create && waiting.isInFlight, "its fate is unknown")
        #expect(service.records(in: "People").count == 6, "the service made it")

        service.clearRequests()
        #expect(try await store.upload().sentCount == 1)
        #expect(service.requests.allSatisfy { $0.kind == .read }, "read back, not created again")
        #expect(service.records(in: "People").count == 6)
        #expect(try store.pendingRequests().isEmpty)
        let stored = try #require(try Fixture.person(store, "newcomer"))
        #expect(stored.eTag == service.record(Person.self, key: EntityKey("newcomer"), in: "People")?.eTag)
    }

    @Test func aRepeatableCreateWhoseAnswerWasLostIsAnsweredAgainByTheService() async throws {
        let service = try Fixture.service()
        let file = try Paths.temporaryDirectory().appendingPathComponent("store.sqlite")
        let store = try OfflineStore(
            at: file,
            service: service,
            definingQueries: [Fixture.people],
            repeatability: .oasis
        )
        try await store.download()
        try store.create(LocalQueryTests.person("newcomer", "New", "Comer", age: 22))
        service.fail(.answerLost, where: { $0.kind == .create })
        await #expect(throws: URLError.self) { try await store.upload() }
        #expect(try await store.upload().sentCount == 1)
        let creates = service.requests.filter { $0.kind == .create }
        #expect(creates.count == 2, "sent again")
        let id = try #require(creates.first?.headers["Repeatability-Request-ID"])
        #expect(creates.last?.headers["Repeatability-Request-ID"] == id, "under the same id")
        #expect(creates.first?.headers["Repeatability-First-Sent"] == creates.last?.headers["Repeatability-First-Sent"])
        #expect(service.records(in: "People").count == 6, "made once")
        #expect(try store.pendingRequests().isEmpty)
    }

    @Test func aThrottledChangeIsWaitedOutAndSent() async throws {
        let clock = TestClock()
        let service = try Fixture.service(retryPolicy: clock.retryPolicy())
        let store = try await Fixture.store(service)
        let russell = try #require(try Fixture.person(store, "russellwhyte"))
        russell.age = 34
        try store.update(russell)
        service.fail(.throttled(retryAfter: 7), where: { $0.kind == .update })

        #expect(try await store.upload().sentCount == 1)
        #expect(clock.waits == [7])
        let updates = service.requests.filter { $0.kind == .update }
        #expect(updates.count == 2)
        #expect(updates.first == updates.last, "the same request, with the same precondition")
        #expect(service.record(Person.self, key: EntityKey("russellwhyte"), in: "People")?.age == 34)
        #expect(try store.pendingRequests().isEmpty)
    }

    @Test func aChangeThrottledLongerThanThePolicyWaitsStaysQueued() async throws {
        let clock = TestClock()
        let service = try Fixture.service(retryPolicy: clock.retryPolicy(maximumDelay: 60))
        let store = try await Fixture.store(service)
        let russell = try #require(try Fixture.person(store, "russellwhyte"))
        russell.age = 34
        try store.update(russell)
        service.fail(.throttled(retryAfter: 300))

        let error = await #expect(throws: ODataServiceError.self) { try await store.upload() }
        #expect(error?.statusCode == 429)
        #expect(clock.waits.isEmpty, "five minutes are not waited")
        #expect(try store.pendingRequests().map(\.method) == [.update], "a throttled change is not refused")
        #expect(try store.errorArchive().isEmpty)
        #expect(try await store.upload().sentCount == 1)
    }

    @Test func anUnreachableServiceLeavesTheQueueAndTheStoreIntact() async throws {
        let service = try Fixture.service()
        let store = try await Fixture.store(service)
        let russell = try #require(try Fixture.person(store, "russellwhyte"))
        russell.age = 34
        try store.update(russell)
        try store.create(LocalQueryTests.person("vincentcalabrese", "Vincent", "Calabrese", age: 40))
        try service.remove(EntityKey("scottketchum"), from: "People")
        service.isReachable = false

        let uploadError = await #expect(throws: ODataClientError.self) { try await store.upload() }
        #expect(uploadError?.isUnreachable == true)
        let downloadError = await #expect(throws: ODataClientError.self) { try await store.download() }
        #expect(downloadError?.isUnreachable == true)
        #expect(try store.pendingRequests().map(\.method) == [.update, .create])
        #expect(try store.pendingRequests().allSatisfy { !$0.isInFlight }, "nothing reached the service")
        // An edit made while the service is out of reach joins the change it follows, which was never sent.
        russell.age = 35
        try store.update(russell)
        #expect(try store.pendingRequests().map(\.method) == [.update, .create])
        #expect(try store.fetch(Query<Person>().filter { _ in .inErrorState }).isEmpty)
        #expect(try Fixture.person(store, "scottketchum") != nil, "the store is as it was")
        #expect(service.record(Person.self, key: EntityKey("russellwhyte"), in: "People")?.age == 33)
    }
}
