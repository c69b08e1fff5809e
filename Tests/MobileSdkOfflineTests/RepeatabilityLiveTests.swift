import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkOffline
import TestSupport
import Testing
import TripPinModel

extension OfflineLive {
    /// A change sent again in another form (over the service's version after a conflict) is a new request to a
    /// service with repeatable requests, which answers an id it has seen with the answer it kept.
    @Suite(.serialized) struct RepeatabilityLiveTests {
        init() { GeneratedEntities.register() }

        /// A store with OASIS repeatability, Russell downloaded and changed here (age 40) after the server changed
        /// him.
        static func conflicted() async throws -> OfflineStore {
            try await OfflineServer.reset()
            try await OfflineServer.seed()
            let file = try Paths.temporaryDirectory().appendingPathComponent("store.sqlite")
            let store = try OfflineStore(
                at: file,
                client: try OfflineServer.client(),
                definingQueries: [OfflineLive.OfflineLiveTests.people],
                repeatability: .oasis
            )
            try await store.download()
            let (status, _) = try await OfflineServer.http(
                "PATCH",
                "People('russellwhyte')",
                json: ["FirstName": "Server"],
                headers: ["If-Match": "*"]
            )
            #expect(status == 204 || status == 200)
            let russell = try #require(try store.entity(Person.self, key: EntityKey("russellwhyte")))
            russell.age = 40
            try store.update(russell)
            return store
        }

        /// The PATCH requests the store sent Russell (with a repeatability id), their statuses and ids in order.
        static func russellPatches() throws -> [(status: String, id: String?)] {
            try OfflineServer.requestLog().filter { $0.hasPrefix("PATCH /odata/People('russellwhyte')") }
                .map { line in
                    let fields = line.split(separator: " ")
                    let id = fields.first { $0.hasPrefix("repeatability-request-id:") }
                        .map { String($0.dropFirst("repeatability-request-id:".count)) }
                    return (String(fields[2]), id)
                }
                .filter { $0.id != nil }
        }

        static func serverAge() async throws -> Int? {
            try await OfflineServer.http("GET", "People('russellwhyte')").body?["Age"] as? Int
        }

        @Test func aRetriedConflictIsANewRequest() async throws {
            let store = try await Self.conflicted()
            #expect(try await store.upload().archivedCount == 1)
            let archived = try #require(try store.errorArchive().first)
            try await store.resolve(archived, by: .retry)
            let report = try await store.upload()
            #expect(report.sentCount == 1)
            #expect(report.archivedCount == 0)
            #expect(try store.errorArchive().isEmpty)
            #expect(try await Self.serverAge() == 40)
            let patches = try Self.russellPatches()
            #expect(patches.map(\.status) == ["412", "204"])
            #expect(patches.first?.id != patches.last?.id)
        }

        @Test func clientWinsSendsTheChangeAgainAsANewRequest() async throws {
            let store = try await Self.conflicted()
            let report = try await store.upload(conflicts: .clientWins)
            #expect(report.sentCount == 1)
            #expect(report.archivedCount == 0)
            #expect(try await Self.serverAge() == 40)
            let patches = try Self.russellPatches()
            #expect(patches.map(\.status) == ["412", "204"])
            #expect(patches.first?.id != patches.last?.id)
            #expect(try store.pendingRequests().isEmpty)
        }
    }
}
