import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkOffline
import MobileSdkTesting
import TestSupport
import Testing
import TripPinModel

extension OfflineLive {
    /// What the store promises holds with services that offer less than the `offline` server: one with neither
    /// repeatable requests nor upsert, and one that moved.
    @Suite(.serialized) struct ServiceKindsLiveTests {
        init() { GeneratedEntities.register() }

        /// A plain OData service: a PATCH to a record that does not exist is refused (404), not an upsert.
        static let plainRoot = TestServers.url(.plain)

        /// A create whose fate is unknown (the connection was lost once the request had gone; here it never reached
        /// the service) is read back when the upload runs again: absent, so created — not archived after a refused
        /// upsert.
        @Test func aCreateWhoseFateIsUnknownIsReadBackAndMade() async throws {
            let root = try #require(Self.plainRoot)
            try await OfflineServer.reset(root: root, log: TestServers.value(.plainLog))
            let userName = "unknownfate"
            let file = try Paths.temporaryDirectory().appendingPathComponent("store.sqlite")
            let lost = ScriptedTransport(.failure(URLError(.networkConnectionLost)))
            let interrupted = ODataClient(.init(serviceRoot: root, transport: lost, retryPolicy: .none))
            let people = OfflineLive.OfflineLiveTests.people
            let offline = try OfflineStore(at: file, client: interrupted, definingQueries: [people])
            let person = Person(creatingWithKey: EntityKey(userName))
            person.firstName = "Una"
            person.lastName = "Known"
            person.emails = []
            person.gender = .female
            try offline.create(person)
            await #expect(throws: (any Error).self) { _ = try await offline.upload() }
            #expect(try offline.pendingRequests().map { $0.isInFlight } == [true])

            let store = try OfflineStore(at: file, client: ODataClient(serviceRoot: root), definingQueries: [people])
            let report = try await store.upload()
            #expect(report.archivedCount == 0)
            #expect(report.sentCount == 1)
            #expect(try store.errorArchive().isEmpty)
            let server = try await OfflineServer.http("GET", "People('\(userName)')", root: root)
            #expect(server.status == 200)
            #expect(server.body?["LastName"] as? String == "Known")
        }

        /// A store reopened for the same service under another host name (a host renamed, a tenant moved) does not
        /// follow the delta link it kept: it reads the whole result again and says why.
        @Test func aStoreWhoseServiceMovedReadsEverythingAgain() async throws {
            try await OfflineServer.reset()
            try await OfflineServer.seed()
            let root = try #require(OfflineServer.root)
            let file = try Paths.temporaryDirectory().appendingPathComponent("store.sqlite")
            let people = OfflineLive.OfflineLiveTests.people
            let before = try OfflineStore(at: file, client: try OfflineServer.client(), definingQueries: [people])
            let first = try await before.download()
            #expect(first.queries.first?.strategy == .deltaLink)
            // A change made before the move goes to the new root.
            let scott = try #require(try before.entity(Person.self, key: EntityKey("scottketchum")))
            scott.age = 77
            try before.update(scott)
            var moved = try #require(URLComponents(url: root, resolvingAgainstBaseURL: false))
            moved.host = "localhost"
            let movedRoot = try #require(moved.url)
            let (status, _) = try await OfflineServer.http(
                "PATCH",
                "People('russellwhyte')",
                json: ["FirstName": "Moved"],
                headers: ["If-Match": "*"]
            )
            #expect(status == 204 || status == 200)

            let store = try OfflineStore(
                at: file,
                client: ODataClient(serviceRoot: movedRoot),
                definingQueries: [people]
            )
            let report = try #require(try await store.download().queries.first)
            #expect(report.serviceMoved)
            #expect(!report.wasDelta)
            #expect(report.receivedCount == 9)
            #expect(try store.entity(Person.self, key: EntityKey("russellwhyte"))?.firstName == "Moved")
            #expect(try await store.upload().sentCount == 1)
            let movedLog = try OfflineServer.requestLog().filter { $0.hasPrefix("PATCH /odata/People('scottketchum')") }
            #expect(movedLog.count == 1)
            #expect(try await OfflineServer.http("GET", "People('scottketchum')").body?["Age"] as? Int == 77)
            let next = try #require(try await store.download().queries.first)
            #expect(next.wasDelta, "the new root's delta link is followed")
            #expect(!next.serviceMoved)
        }
    }
}
