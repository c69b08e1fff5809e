import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkOffline
import TestSupport
import Testing
import TripPinModel

extension OfflineLive {
    /// An upload killed at random points (before a request goes out, after the server committed it, before the store
    /// recorded the answer), then run again, against each kind of service: every change is on the server exactly
    /// once, checked on the server, and nothing the server did not refuse is archived.
    @Suite(.serialized) struct CrashSafetyLiveTests {
        init() { GeneratedEntities.register() }

        /// How many killed uploads each repeatability mode gets; the seeds pick where the kill lands.
        static let seeds = 0..<20

        /// The kinds of service an upload must be exactly-once with: OASIS repeatable requests, an upsert
        /// (`If-None-Match: *`) without them, and neither (a plain service, settled by reading back).
        enum ServiceKind: String, CaseIterable, Sendable {
            case oasis, upsert, plain

            var root: URL? { self == .plain ? TestServers.url(.plain) : OfflineServer.root }
            var log: String? { self == .plain ? TestServers.value(.plainLog) : OfflineServer.log }
            var repeatability: RepeatabilitySupport { self == .oasis ? .oasis : .none }
            /// Where the kills land, one sequence for each kind.
            var seed: UInt64 { self == .oasis ? 2 : self == .upsert ? 1 : 3 }
        }

        @Test(arguments: ServiceKind.allCases) func killedUploadsLeaveEveryChangeOnTheServerOnce(kind: ServiceKind)
            async throws
        {
            let child = try #require(BuiltProducts.executable("OfflineUploadChild"), "build the package first")
            let root = try #require(kind.root)
            let repeatability = kind.repeatability
            var generator = SeededGenerator(seed: kind.seed)
            // Where the kills landed: requests left in flight (recovered), and requests left unsent.
            var inFlight = 0
            var unsent = 0
            for seed in Self.seeds {
                try await OfflineServer.reset(root: root, log: kind.log)
                try await OfflineServer.seed(root: root)
                let file = try Paths.temporaryDirectory().appendingPathComponent("store.sqlite")
                let people = OfflineLive.OfflineLiveTests.people
                let store = try OfflineStore(
                    at: file,
                    client: try OfflineServer.client(root),
                    definingQueries: [people]
                )
                try await store.download()
                let expected = try Self.makeChanges(in: store, seed: seed)
                let logStart = try OfflineServer.requestLog(kind.log).count

                try await Self.runAndKill(
                    child,
                    ["upload", file.path, root.absoluteString, repeatability == .oasis ? "oasis" : "none"],
                    seed: seed,
                    writes: expected.requestCount,
                    after: logStart,
                    in: kind.log,
                    using: &generator
                )
                let left = try OfflineStore(at: file, client: nil, definingQueries: [people]).pendingRequests()
                inFlight += left.filter(\.isInFlight).count
                unsent += left.filter { !$0.isInFlight }.count

                let report = try await OfflineStore(
                    at: file,
                    client: try OfflineServer.client(root),
                    definingQueries: [people],
                    repeatability: repeatability
                )
                .upload()
                #expect(report.archivedCount == 0, "seed \(seed)")
                let reopened = try OfflineStore(at: file, client: nil, definingQueries: [people])
                #expect(try reopened.pendingRequests().isEmpty, "seed \(seed)")
                try await Self.check(expected, seed: seed, root: root)
            }
            #expect(inFlight > 0, "no kill landed between a send and its answer")
            #expect(unsent > 0, "no kill landed before the upload's end")
            print("\(kind): \(inFlight) requests recovered in flight, \(unsent) left unsent")
        }

        /// What the changes should leave on the server.
        struct Expected {
            var ages: [String: Int] = [:]
            var deleted: [String] = []
            var created: [String] = []
            var requestCount: Int { ages.count + deleted.count }
        }

        /// Two creates, two updates and two deletes, made offline; which people change depends on the seed.
        static func makeChanges(in store: OfflineStore, seed: Int) throws -> Expected {
            var expected = Expected()
            for index in 0..<2 {
                let person = Person(key: EntityKey("new\(seed)x\(index)"))
                person.firstName = "New"
                person.lastName = "Person \(index)"
                person.age = Int32(20 + index)
                person.emails = []
                try store.create(person)
                expected.created.append("new\(seed)x\(index)")
                expected.ages["new\(seed)x\(index)"] = 20 + index
            }
            let names = ["russellwhyte", "scottketchum", "javieralfred", "willieashmore", "vincentcalabrese"]
            for offset in 0..<2 {
                let name = names[(seed + offset) % names.count]
                let person = try #require(try store.entity(Person.self, key: EntityKey(name)))
                person.age = Int32(70 + offset)
                try store.update(person)
                expected.ages[name] = 70 + offset
            }
            for name in ["clydeguess", "keithpinckney"] {
                try store.delete(try #require(try store.entity(Person.self, key: EntityKey(name))))
                expected.deleted.append(name)
            }
            return expected
        }

        /// Runs the child with `arguments` and kills it: for an even seed anywhere (before the first request, between
        /// requests, or in the middle of one), for an odd one right after the server logged its n-th write of
        /// `writes` after line `start` of its log (it committed, the child has not recorded it).
        static func runAndKill(
            _ child: URL,
            _ arguments: [String],
            seed: Int,
            writes: Int,
            after start: Int,
            in log: String?,
            using generator: inout SeededGenerator
        ) async throws {
            let process = Process()
            process.executableURL = child
            process.arguments = arguments
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            if seed % 2 == 0 {
                try await Task.sleep(for: .milliseconds(Int.random(in: 0...150, using: &generator)))
            } else {
                let count = Int.random(in: 1...writes, using: &generator)
                try await waitForWrites(count, after: start, in: log, while: process)
            }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }

        /// Waits until the server's log shows `count` writes after line `start`, or the child ended.
        static func waitForWrites(_ count: Int, after start: Int, in log: String?, while process: Process) async throws
        {
            let deadline = ContinuousClock.now + .seconds(20)
            while process.isRunning, ContinuousClock.now < deadline {
                let writes = try OfflineServer.requestLog(log).dropFirst(start).filter { !$0.hasPrefix("GET ") }
                if writes.count >= count { return }
                try await Task.sleep(for: .milliseconds(1))
            }
        }

        /// The server holds each change once: the ages set (the created people with theirs), the deleted gone, and
        /// as many people as the changes leave (TripPin's keys are the client's, so a second create of one fails and
        /// would have been archived, not hidden).
        static func check(_ expected: Expected, seed: Int, root: URL) async throws {
            for (name, age) in expected.ages {
                let person = try await OfflineServer.http("GET", "People('\(name)')", root: root)
                #expect(person.status == 200 && person.body?["Age"] as? Int == age, "seed \(seed): \(name)")
            }
            for name in expected.deleted {
                let status = try await OfflineServer.http("GET", "People('\(name)')", root: root).status
                #expect(status == 404, "seed \(seed): \(name)")
            }
            let people = try await OfflineServer.http("GET", "People?$count=true&$top=0", root: root).body
            #expect(people?["@odata.count"] as? Int == 9 + expected.created.count - expected.deleted.count)
        }
    }
}
