import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkOffline
import TestSupport
import Testing
import TripPinModel

extension OfflineLive {
    /// A download killed at any page, of a first read or of a delta, and run again: the store ends with exactly the
    /// service's records, none missing, none twice, and a delta link that brings nothing stale.
    @Suite(.serialized) struct ResumedDownloadLiveTests {
        init() { GeneratedEntities.register() }

        /// How many killed downloads run; even seeds kill a first read, odd ones a delta.
        static let seeds = 0..<12

        @Test func killedDownloadsEndWithExactlyTheServicesRecords() async throws {
            let child = try #require(BuiltProducts.executable("OfflineUploadChild"), "build the package first")
            let root = try #require(OfflineServer.root)
            let people = OfflineLive.OfflineLiveTests.people
            var generator = SeededGenerator(seed: 3)
            var killedMidway = 0
            for seed in Self.seeds {
                try await OfflineServer.reset()
                try await OfflineServer.seed()
                try await Self.addPeople(20, from: 0)
                let file = try Paths.temporaryDirectory().appendingPathComponent("store.sqlite")
                if seed % 2 == 1 {
                    try await OfflineStore(at: file, client: try OfflineServer.client(), definingQueries: [people])
                        .download()
                    try await Self.changeThePeople(seed: seed)
                }
                let logStart = try OfflineServer.requestLog().count
                let process = Process()
                process.executableURL = child
                process.arguments = ["download", file.path, root.absoluteString]
                process.standardOutput = FileHandle.nullDevice
                try process.run()
                // After the n-th page was asked for: its answer is on its way, the pages before are being written.
                let pages = Int.random(in: 1...12, using: &generator)
                try await Self.waitForReads(pages, after: logStart, while: process)
                if process.isRunning { killedMidway += 1 }
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()

                let store = try OfflineStore(at: file, client: try OfflineServer.client(), definingQueries: [people])
                try await store.download()
                let local = try store.fetch(Query<Person>())
                let server = try await Self.serverAges()
                #expect(local.count == server.count, "seed \(seed): no record missing or twice")
                #expect(
                    Dictionary(uniqueKeysWithValues: local.map { ($0.userName ?? "", $0.age.map(Int.init)) }) == server,
                    "seed \(seed)"
                )
                let again = try #require(try await store.download().queries.first)
                #expect(again.wasDelta && again.receivedCount == 0 && again.removedCount == 0, "seed \(seed)")
            }
            #expect(killedMidway > Self.seeds.count / 2, "most kills landed before the download's end")
        }

        /// Adds people `prefix0`… with ages.
        static func addPeople(_ count: Int, from first: Int, prefix: String = "extra") async throws {
            for index in first..<(first + count) {
                var person = OfflineServer.person(
                    "\(prefix)\(index)",
                    "Extra",
                    "Person \(index)",
                    age: 20 + index,
                    emails: [],
                    gender: "Female",
                    city: nil
                )
                person["Emails"] = []
                #expect(try await OfflineServer.http("POST", "People", json: person).status == 201)
            }
        }

        /// Changes ages, deletes and creates people on the server, which a delta then brings.
        static func changeThePeople(seed: Int) async throws {
            for index in 0..<6 {
                let (status, _) = try await OfflineServer.http(
                    "PATCH",
                    "People('extra\(index * 3)')",
                    json: ["Age": 90 + seed],
                    headers: ["If-Match": "*"]
                )
                #expect(status == 204 || status == 200)
            }
            for index in [1, 4, 7] {
                let status =
                    try await OfflineServer.http("DELETE", "People('extra\(index)')", headers: ["If-Match": "*"]).status
                #expect(status == 204)
            }
            try await addPeople(4, from: 0, prefix: "later")
        }

        /// Every person on the server and their age, read page by page with plain HTTP.
        static func serverAges() async throws -> [String: Int?] {
            var ages: [String: Int?] = [:]
            var path: String? = "People?$select=UserName,Age"
            while let next = path {
                let body = try #require(try await OfflineServer.http("GET", next).body)
                for person in body["value"] as? [[String: Any]] ?? [] {
                    ages[person["UserName"] as? String ?? ""] = .some(person["Age"] as? Int)
                }
                path = body["@odata.nextLink"] as? String
            }
            return ages
        }

        /// Waits until the server's log shows `count` reads of people after line `start`, or the child ended.
        static func waitForReads(_ count: Int, after start: Int, while process: Process) async throws {
            let deadline = ContinuousClock.now + .seconds(20)
            while process.isRunning, ContinuousClock.now < deadline {
                let reads = try OfflineServer.requestLog().dropFirst(start).filter { $0.hasPrefix("GET /odata/People") }
                if reads.count >= count { return }
                try await Task.sleep(for: .milliseconds(1))
            }
        }
    }
}
