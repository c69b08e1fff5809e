import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkOffline
import MobileSdkTesting
import TestSupport
import Testing
import TripPinModel

/// The store's download against an in-memory service: pages written, deltas applied, expired and untracked reads,
/// a stopped read resumed. `OfflineLiveTests.aDeltaBringsOnlyWhatChanged` shows the same against odatapy.
@Suite struct DownloadTests {
    typealias Fixture = InMemoryServiceFixture

    init() { GeneratedEntities.register() }

    @Test func pagesAreStoredWithTheirCountAndADeltaLink() async throws {
        let service = try Fixture.service(pageSize: 2)
        let store = try await Fixture.store(service, downloaded: false)
        let totals = Totals()
        let report = try #require(try await store.download { totals.record($0.totalCount) }.queries.first)
        #expect(report.receivedCount == 5)
        #expect(report.strategy == .deltaLink)
        #expect(!report.wasDelta)
        #expect(try Fixture.userNames(store) == Fixture.userNames)
        #expect(
            try Fixture.person(store, "russellwhyte")?.eTag
                == service.record(Person.self, key: EntityKey("russellwhyte"), in: "People")?.eTag
        )
        #expect(
            service.requests.map(\.path) == ["People?$count=true", "People?$skiptoken=2-5", "People?$skiptoken=4-5"]
        )
        #expect(totals.values.last == 5, "the first page's count is the progress's total")
    }

    @Test func aDeltaAppliesChangesAndRemovals() async throws {
        for format in [ODataPage.RemovalFormat.deletedEntity, .removedAnnotation] {
            let service = try Fixture.service(pageSize: 2, removalFormat: format)
            let store = try await Fixture.store(service)
            try service.modify(Person.self, key: EntityKey("scottketchum"), in: "People") { $0.firstName = "Scotty" }
            try service.remove(EntityKey("ronaldmundy"), from: "People")
            try service.put(LocalQueryTests.person("angelhuffman", "Angel", "Huffman", age: 30), in: "People")
            service.clearRequests()

            let report = try #require(try await store.download().queries.first)
            #expect(report.wasDelta)
            #expect(report.receivedCount == 2)
            #expect(report.removedCount == 1)
            #expect(service.requests.count == 2, "the delta came in two pages")
            #expect(service.requests.allSatisfy { $0.path.contains("$deltatoken=5") })
            #expect(try Fixture.person(store, "scottketchum")?.firstName == "Scotty")
            #expect(try Fixture.person(store, "ronaldmundy") == nil)
            #expect(try Fixture.person(store, "angelhuffman")?.lastName == "Huffman")
            #expect(try store.count(Query<Person>()) == 5)

            service.clearRequests()
            let quiet = try #require(try await store.download().queries.first)
            #expect(quiet.wasDelta && quiet.receivedCount == 0 && quiet.removedCount == 0)
            #expect(service.requests.map(\.path) == ["People?$deltatoken=8"])
        }
    }

    @Test func anExpiredDeltaLinkReadsEverythingAgainAndKeepsLocalChanges() async throws {
        let service = try Fixture.service()
        let store = try await Fixture.store(service)
        let russell = try #require(try Fixture.person(store, "russellwhyte"))
        russell.middleName = "Local"
        try store.update(russell)
        service.expireDeltaLinks()
        try service.remove(EntityKey("willieashmore"), from: "People")

        let report = try #require(try await store.download().queries.first)
        #expect(report.deltaExpired)
        #expect(!report.wasDelta)
        #expect(report.removedCount == 1, "the key diff removed the deleted person")
        #expect(try Fixture.person(store, "willieashmore") == nil)
        #expect(try Fixture.person(store, "russellwhyte")?.middleName == "Local")
        #expect(try store.pendingRequests().map(\.method) == [.update])
    }

    @Test func aServiceThatTracksNoChangesIsReadWholeAndDiffedByKey() async throws {
        let service = try Fixture.service(tracksChanges: false)
        let store = try await Fixture.store(service)
        try service.remove(EntityKey("javieralfred"), from: "People")
        try service.modify(Person.self, key: EntityKey("willieashmore"), in: "People") { $0.age = 23 }

        let report = try #require(try await store.download().queries.first)
        #expect(report.strategy == .fullReadWithKeyDiff)
        #expect(!report.wasDelta)
        #expect(report.receivedCount == 4)
        #expect(report.removedCount == 1)
        #expect(try Fixture.userNames(store) == Fixture.userNames.filter { $0 != "javieralfred" })
        #expect(try Fixture.person(store, "willieashmore")?.age == 23)
        #expect(service.requests.filter { $0.path.contains("deltatoken") }.isEmpty)
    }

    @Test func aReadThatStoppedGoesOnFromItsNextPage() async throws {
        let service = try Fixture.service(pageSize: 2)
        let store = try await Fixture.store(service, downloaded: false)
        service.fail(.unreachable, where: { $0.path.contains("$skiptoken=4") })
        let error = await #expect(throws: ODataClientError.self) { try await store.download() }
        #expect(error?.isUnreachable == true)
        #expect(try store.count(Query<Person>()) == 4, "the pages before the failure stay")

        service.clearRequests()
        let report = try #require(try await store.download().queries.first)
        #expect(service.requests.map(\.path) == ["People?$skiptoken=4-5"])
        #expect(report.strategy == .deltaLink)
        #expect(try Fixture.userNames(store) == Fixture.userNames)
    }

    @Test func aDeltaLinkOfAnotherServiceRootIsNotFollowed() async throws {
        let file = try Paths.temporaryDirectory().appendingPathComponent("moved.sqlite")
        let first = try Fixture.service()
        try await OfflineStore(at: file, service: first, definingQueries: [Fixture.people]).download()
        let moved = try Fixture.service()
        let other = InMemoryService(serviceRoot: try #require(URL(string: "https://elsewhere.example/odata/")))
        try other.seed(moved.records(in: "People"), in: "People")
        let report = try #require(
            try await OfflineStore(at: file, service: other, definingQueries: [Fixture.people]).download().queries.first
        )
        #expect(report.serviceMoved)
        #expect(!report.wasDelta)
        #expect(other.requests.map(\.path) == ["People?$count=true"])
    }

    /// The totals a download's progress reported.
    final class Totals: @unchecked Sendable {
        private let lock = NSLock()
        private var recorded: [Int?] = []

        var values: [Int?] { lock.withLock { recorded } }

        func record(_ total: Int?) { lock.withLock { recorded.append(total) } }
    }
}
