import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkOffline
import MobileSdkTesting
import Testing
import TripPinModel

/// A whole read asks the service to count its records, for a determinate progress; a service that refuses the count
/// is asked again without it (change tracking kept), and a count that stopped at the service's limit is no total.
@Suite struct DownloadCountTests {
    static let root = URL(string: "https://example.com/odata/")!

    init() { GeneratedEntities.register() }

    static func person(_ name: String) -> Person {
        let person = Person(key: EntityKey(name))
        person.firstName = name
        return person
    }

    static func store(_ transport: ScriptedTransport) throws -> OfflineStore {
        let client = ODataClient(ODataClient.Configuration(serviceRoot: root, transport: transport))
        return try OfflineStore.inMemory(
            types: [],
            definingQueries: [DefiningQuery("people", Query<Person>())],
            client: client
        )
    }

    /// Collects what the progress callback is told, from any thread.
    final class Updates: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [DownloadProgress] = []
        var all: [DownloadProgress] { lock.withLock { list } }
        func append(_ update: DownloadProgress) { lock.withLock { list.append(update) } }
    }

    @Test func aCountedReadHasATotal() async throws {
        let transport = ScriptedTransport()
        transport.route(
            "GET",
            "People",
            query: ["$count": "true"],
            try .page(
                ODataPage(
                    [Self.person("a"), Self.person("b")],
                    nextLink: Self.root.absoluteString + "People?p=2",
                    count: 3
                )
            )
        )
        transport.route(
            "GET",
            "People",
            query: ["p": "2"],
            try .page(ODataPage([Self.person("c")], deltaLink: "People?d=1"))
        )
        let updates = Updates()
        let report = try await Self.store(transport).download { updates.append($0) }
        #expect(report.queries.first?.receivedCount == 3)
        #expect(updates.all.map(\.receivedCount) == [0, 2, 3])
        #expect(updates.all.map(\.totalCount) == [nil, 3, 3])
        #expect(updates.all.map(\.fractionCompleted) == [nil, 2.0 / 3, 1])
    }

    @Test func aServiceThatRefusesTheCountIsAskedWithoutItAndKeepsTracking() async throws {
        let transport = ScriptedTransport()
        transport.route(
            "GET",
            "People",
            query: ["$count": "true"],
            .json(#"{"error":{"code":"","message":"no $count"}}"#, status: 400)
        )
        transport.route("GET", "People", try .page(ODataPage([Self.person("a")], deltaLink: "People?d=1")))
        let updates = Updates()
        let report = try #require(try await Self.store(transport).download { updates.append($0) }.queries.first)
        #expect(report.strategy == .deltaLink)
        #expect(updates.all.last?.totalCount == nil)
        #expect(updates.all.last?.fractionCompleted == nil)
        let sent = transport.requests
        #expect(sent.count == 2)
        #expect(sent.allSatisfy { $0[header: "Prefer"]?.contains("odata.track-changes") == true })
        #expect(sent.map { $0.queryValue("$count") } == ["true", nil])
    }

    @Test func aCountStoppedAtTheServicesLimitIsNoTotal() async throws {
        let transport = ScriptedTransport()
        transport.route(
            "GET",
            "People",
            .json(
                #"{"@odata.count":5000,"@Microsoft.Dynamics.CRM.totalrecordcountlimitexceeded":true,"#
                    + #""value":[{"UserName":"a"}],"@odata.deltaLink":"People?d=1"}"#
            )
        )
        let updates = Updates()
        try await Self.store(transport).download { updates.append($0) }
        #expect(updates.all.last?.receivedCount == 1)
        #expect(updates.all.last?.totalCount == nil)
    }
}
