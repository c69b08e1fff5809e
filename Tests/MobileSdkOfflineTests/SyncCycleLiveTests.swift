import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkOffline
import MobileSdkTesting
import TestSupport
import Testing
import TripPinModel

extension OfflineLive {
    /// A sync cycle given a background task's time against the `offline` server: it stops between requests when
    /// the time is up, a cycle cancelled in the middle of a request is settled by the next, and the cycles end with
    /// each change on the service exactly once and the store holding what the service holds.
    @Suite(.serialized) struct SyncCycleLiveTests {
        static let people = DefiningQuery("people", Query<Person>())

        init() { GeneratedEntities.register() }

        /// A store of the seeded people whose client's creates take `delay` seconds to leave (cancellable), with
        /// `count` people created in it.
        static func store(creating count: Int, delay: TimeInterval) async throws -> (OfflineStore, [String]) {
            try await OfflineServer.reset()
            try await OfflineServer.seed()
            let transport = ScriptedTransport(passingThroughTo: URLSessionTransport())
            transport.route("POST", "People", repeatsLast: true, .delayed(delay, .passThrough(URLSessionTransport())))
            let root = try #require(OfflineServer.root)
            let client = ODataClient(ODataClient.Configuration(serviceRoot: root, transport: transport))
            let file = try Paths.temporaryDirectory().appendingPathComponent("store.sqlite")
            let store = try OfflineStore(at: file, client: client, definingQueries: [Self.people])
            try await store.download()
            let suffix = String(UUID().uuidString.prefix(6)).lowercased()
            let names = (0..<count).map { "cycle\($0)x\(suffix)" }
            for name in names {
                let person = Person(key: EntityKey(name))
                person.firstName = name
                person.lastName = "Cycle"
                try store.create(person)
            }
            return (store, names)
        }

        /// How many times each name is among the service's people (read by a client of its own, every page).
        static func serviceCounts(_ names: [String]) async throws -> [Int] {
            let people = try await OfflineServer.client().retrieveAll(Query<Person>().filter { $0.lastName == "Cycle" })
            let userNames = people.compactMap(\.userName)
            return names.map { name in userNames.filter { $0 == name }.count }
        }

        @Test func aCycleStopsBetweenRequestsWhenItsTimeIsUpAndTheNextGoesOn() async throws {
            let (store, names) = try await Self.store(creating: 4, delay: 1.5)
            let first = try await store.sync(within: .seconds(1))
            #expect(!first.isComplete)
            #expect(first.upload == nil && first.download == nil)
            // The time ran out during the first create (1.5 s): it was answered, the rest wait.
            let waiting = try store.pendingRequests().count
            #expect(waiting < 4)
            #expect(try store.pendingRequests().allSatisfy { !$0.isInFlight })

            let second = try await store.sync()
            #expect(second.isComplete)
            #expect(second.upload?.sentCount == waiting)
            #expect(try store.pendingRequests().isEmpty)
            #expect(try await Self.serviceCounts(names) == [1, 1, 1, 1])
            #expect(try store.count(Query<Person>().filter { $0.lastName == "Cycle" }) == 4)
        }

        @Test func aWholeReadOutOfTimeGoesOnFromItsNextPage() async throws {
            try await OfflineServer.reset()
            try await OfflineServer.seed()
            let service = try await OfflineServer.client().retrieveAll(Query<Person>())
            #expect(service.count > 4)
            // Each page takes a second to come: a cycle of 1.5 s writes a page or two, and stops.
            let transport = ScriptedTransport()
            transport.route("GET", "People", repeatsLast: true, .delayed(1, .passThrough(URLSessionTransport())))
            let root = try #require(OfflineServer.root)
            let client = ODataClient(ODataClient.Configuration(serviceRoot: root, transport: transport))
            let file = try Paths.temporaryDirectory().appendingPathComponent("store.sqlite")
            let store = try OfflineStore(at: file, client: client, definingQueries: [Self.people])
            var cycles = 0
            var stored: [Int] = []
            while cycles < 10 {
                cycles += 1
                let report = try await store.sync(within: .milliseconds(1500))
                stored.append(try store.count(Query<Person>()))
                if report.isComplete { break }
            }
            // Each cycle went on from where the last stopped: no page was read twice, and the store holds the
            // service's people, each once.
            #expect(cycles > 1, "\(stored)")
            let reads = transport.requests.map { $0.url.absoluteString }
            #expect(Set(reads).count == reads.count, "\(reads)")
            #expect(stored == stored.sorted())
            let names = try store.fetch(Query<Person>()).compactMap(\.userName).sorted()
            #expect(names == service.compactMap(\.userName).sorted())
        }

        @Test func aCycleCancelledInARequestIsSettledByTheNext() async throws {
            let (store, names) = try await Self.store(creating: 3, delay: 0.5)
            let cycle = Task { try await store.sync() }
            // Cancelled during a create: marked as sent, its fate unknown to the store.
            try await Task.sleep(for: .milliseconds(700))
            cycle.cancel()
            await #expect(throws: (any Error).self) { try await cycle.value }
            #expect(try store.pendingRequests().count > 0)

            let next = try await store.sync()
            #expect(next.isComplete)
            #expect(try store.pendingRequests().isEmpty)
            #expect(try await Self.serviceCounts(names) == [1, 1, 1])
            #expect(try store.count(Query<Person>().filter { $0.lastName == "Cycle" }) == 3)
        }
    }
}
