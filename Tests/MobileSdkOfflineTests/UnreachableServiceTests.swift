import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkOffline
import TestSupport
import Testing
import TripPinModel

/// A store whose service cannot be reached: an upload and a download end at once with the client's typed error,
/// and what waits for upload stays queued.
@Suite struct UnreachableServiceTests {
    init() { TripPinModel.GeneratedEntities.register() }

    @Test func anUploadEndsAtOnceAndKeepsTheQueue() async throws {
        let file = try Paths.temporaryDirectory().appendingPathComponent("store.sqlite")
        let waits = Waits()
        var policy = RetryPolicy()
        policy.sleep = { seconds in waits.record(seconds) }
        let store = try OfflineStore(
            at: file,
            client: ODataClient(.init(serviceRoot: OfflineServer.unreachable, retryPolicy: policy)),
            definingQueries: [DefiningQuery("people", Query<Person>())]
        )
        try store.insertDownloaded([LocalQueryTests.person("russellwhyte", "Russell", "Whyte", age: 33)])
        let russell = try #require(try store.entity(Person.self, key: EntityKey("russellwhyte")))
        russell.age = 34
        try store.update(russell)
        try store.create(LocalQueryTests.person("vincentcalabrese", "Vincent", "Calabrese", age: 40))

        let uploadError = await #expect(throws: ODataClientError.self) { try await store.upload() }
        #expect(uploadError?.isUnreachable == true)
        let downloadError = await #expect(throws: ODataClientError.self) { try await store.download() }
        #expect(downloadError?.isUnreachable == true)
        #expect(waits.recorded.isEmpty, "the default policy waited")
        #expect(try store.pendingRequests().map(\.method) == [.update, .create])
        #expect(try store.fetch(Query<Person>().filter { _ in .inErrorState }).isEmpty)
    }

    /// The waits a retry policy asked for.
    final class Waits: @unchecked Sendable {
        private let lock = NSLock()
        private var waits: [Double] = []

        var recorded: [Double] { lock.withLock { waits } }

        func record(_ seconds: Double) { lock.withLock { waits.append(seconds) } }
    }
}
