import Foundation
import MobileSdk
import MobileSdkOffline
import TestSupport
import Testing
import TripPinModel

/// Live queries follow local writes (and downloads, which write the same tables).
@Suite struct LiveQueryTests {
    init() { GeneratedEntities.register() }

    @MainActor @Test func resultsFollowLocalWrites() async throws {
        let store = try LocalQueryTests.store()
        let live = LiveQuery(Query<Person>().filter { $0.age > 30 }.orderBy(\.userName), in: store)
        #expect(live.results.compactMap(\.userName) == ["javieralfred", "russellwhyte"])
        let scott = try #require(try store.entity(Person.self, key: EntityKey("scottketchum")))
        scott.age = 31
        try store.update(scott)
        try await Self.waitUntil { live.results.count == 3 }
        #expect(live.results.compactMap(\.userName) == ["javieralfred", "russellwhyte", "scottketchum"])
        try store.delete(try #require(try store.entity(Person.self, key: EntityKey("javieralfred"))))
        try await Self.waitUntil { live.results.count == 2 }
        #expect(live.error == nil)
    }

    @MainActor @Test func updatesAreAnAsyncSequence() async throws {
        let store = try LocalQueryTests.store()
        let live = LiveQuery(Query<Person>().filter { $0.lastName == "Newman" }, in: store)
        var received: [[String]] = []
        for await people in live.updates {
            received.append(people.compactMap(\.userName))
            if received.count == 2 { break }
            try store.create(LocalQueryTests.person("newman", "Alfred", "Newman", age: 50))
        }
        #expect(received == [[], ["newman"]])
    }

    @MainActor @Test func aQueryTheStoreCannotEvaluateReportsItsError() throws {
        let store = try LocalQueryTests.store()
        let live = LiveQuery(Query<Person>().filter { $0.addressInfo.any { $0.address == "x" } }, in: store)
        #expect(live.results.isEmpty)
        #expect(live.error != nil)
    }

    /// Waits (up to two seconds) for `condition`, checked on the main actor as the live query changes there.
    @MainActor static func waitUntil(_ condition: @MainActor () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(2)
        while !condition(), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        #expect(condition())
    }
}

extension LiveQueryTests {
    @MainActor @Test func resultsFollowWritesToAStoreFile() async throws {
        let file = try Paths.temporaryDirectory().appendingPathComponent("store.sqlite")
        let store = try OfflineStore(at: file, client: nil, definingQueries: [BadInputTests.people])
        try store.insertDownloaded([LocalQueryTests.person("russellwhyte", "Russell", "Whyte", age: 33)])
        let live = LiveQuery(Query<Person>().orderBy(\.lastName), in: store)
        #expect(live.results.count == 1)
        try store.create(LocalQueryTests.person("alfred", "Al", "Alfred", age: 50))
        try await Self.waitUntil { live.results.count == 2 }
        #expect(live.results.first?.lastName == "Alfred")
    }
}
