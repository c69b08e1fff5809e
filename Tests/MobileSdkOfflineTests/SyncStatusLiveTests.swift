import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkOffline
import TestSupport
import Testing
import TripPinModel

extension OfflineLive {
    /// What a view bound to ``SyncStatus`` shows while downloads and uploads run against the `offline` server (which
    /// counts records, as `$count=true` asks, and pages by two): a determinate progress for a whole read, an
    /// indeterminate one for a delta, upload progress request by request, the queue's count as local writes change
    /// it, the times of the last success, and a failure in the app's terms.
    @Suite(.serialized) struct SyncStatusLiveTests {
        static let people = DefiningQuery("people", Query<Person>())

        @MainActor @Test func aWholeReadHasATotalAndADeltaHasNone() async throws {
            try await OfflineServer.reset()
            try await OfflineServer.seed()
            let total = try await OfflineServer.client().retrieveAll(Query<Person>()).count
            #expect(total > 4)
            let file = try Paths.temporaryDirectory().appendingPathComponent("store.sqlite")
            let store = try OfflineStore(at: file, client: try OfflineServer.client(), definingQueries: [Self.people])
            let status = SyncStatus(store: store)
            #expect(status.phase == .idle && status.lastDownloaded == nil && status.fractionCompleted == nil)

            // The download waits after its second page until the test has looked at the status.
            let gate = Gate()
            let download = Task.detached { try await store.download { if $0.receivedCount == 4 { gate.wait() } } }
            try await Self.waitUntil { status.download?.receivedCount == 4 }
            #expect(status.isSyncing)
            #expect(status.download?.totalCount == total)
            #expect(status.download?.isDelta == false)
            #expect(status.fractionCompleted == 4 / Double(total))
            gate.open()
            let report = try await download.value
            try await Self.waitUntil { !status.isSyncing && status.lastDownloaded != nil }
            #expect(status.lastDownloadReport == report)
            #expect(status.lastFailure == nil)
            #expect(try store.count(Query<Person>()) == total)
            // The first page asked for the count; the log shows one read per page of two.
            let reads = try OfflineServer.requestLog().filter { $0.contains("prefer:odata.track-changes") }
            #expect(reads.first?.contains("GET /odata/People?$count=true ") == true, "\(reads)")

            // A delta's changes are not counted by the service: the progress is indeterminate, with counts.
            let (patched, _) = try await OfflineServer.http(
                "PATCH",
                "People('russellwhyte')",
                json: ["FirstName": "Rusty"],
                headers: ["If-Match": "*"]
            )
            #expect(patched == 204)
            let deltaGate = Gate()
            let delta = Task.detached { try await store.download { if $0.receivedCount == 0 { deltaGate.wait() } } }
            try await Self.waitUntil { status.download?.isDelta == true }
            #expect(status.download?.totalCount == nil)
            #expect(status.fractionCompleted == nil)
            #expect(status.isSyncing)
            deltaGate.open()
            #expect(try await delta.value.queries.first?.wasDelta == true)
            try await Self.waitUntil { !status.isSyncing }
            #expect(status.lastDownloadReport?.queries.first?.receivedCount == 1)

            // A status made later reads the time of the last download from the store.
            let later = SyncStatus(store: try OfflineStore(at: file, client: nil, definingQueries: [Self.people]))
            let first = try #require(later.lastDownloaded)
            try await Self.waitUntil { status.lastDownloaded == first }
        }

        @MainActor @Test func uploadsCountRequestsAndTheQueueFollowsLocalWrites() async throws {
            try await OfflineServer.reset()
            try await OfflineServer.seed()
            let file = try Paths.temporaryDirectory().appendingPathComponent("store.sqlite")
            let store = try OfflineStore(at: file, client: try OfflineServer.client(), definingQueries: [Self.people])
            try await store.download()
            let status = SyncStatus(store: store)
            #expect(status.pendingCount == 0)

            // Local writes made without the status: its count follows the queue.
            for name in ["ada", "grace", "edsger"] {
                let person = Person(key: EntityKey(name + String(UUID().uuidString.prefix(6))))
                person.firstName = name
                person.lastName = "Test"
                try store.create(person)
            }
            try await Self.waitUntil { status.pendingCount == 3 }

            let gate = Gate()
            let upload = Task.detached { try await store.upload { if $0.handledCount == 1 { gate.wait() } } }
            try await Self.waitUntil { status.upload?.handledCount == 1 }
            #expect(status.phase == .uploading(UploadProgress(handledCount: 1, totalCount: 3)))
            #expect(status.fractionCompleted == 1.0 / 3)
            gate.open()
            let report = try await upload.value
            #expect(report.sentCount == 3)
            try await Self.waitUntil { !status.isSyncing && status.pendingCount == 0 && status.lastUploaded != nil }
            #expect(status.lastUploadReport == report)
        }

        @MainActor @Test func aFailureSaysWhatStoppedAndGoesWithTheNextSuccess() async throws {
            let file = try Paths.temporaryDirectory().appendingPathComponent("store.sqlite")
            let offline = try OfflineStore(
                at: file,
                client: try OfflineServer.client(OfflineServer.unreachable),
                definingQueries: [Self.people]
            )
            let status = SyncStatus(store: offline)
            await #expect(throws: ODataClientError.self) { try await offline.download() }
            try await Self.waitUntil { status.lastFailure != nil && !status.isSyncing }
            let failure = try #require(status.lastFailure)
            #expect(failure.operation == .download)
            #expect(failure.reason == .unreachable)
            #expect(failure.localizedDescription == "The download stopped: The server 127.0.0.1 cannot be reached.")
            #expect(status.lastDownloaded == nil)

            // A cancelled download is no failure, and an upload's success leaves the download's failure.
            let cancelled = Task { try await offline.download() }
            cancelled.cancel()
            _ = try? await cancelled.value
            try await offline.upload()
            try await Self.waitUntil { status.lastUploaded != nil }
            #expect(status.lastFailure?.operation == .download)
        }

        /// Waits (up to 30 s: the full test run starves the pool) for `condition`, checked on the main actor.
        @MainActor static func waitUntil(_ condition: @MainActor () -> Bool) async throws {
            let deadline = ContinuousClock.now + .seconds(30)
            while !condition(), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
            #expect(condition())
        }
    }
}

/// Holds a download or upload in its progress callback (off the main actor) until the test opens it; open, it holds
/// nothing (nor longer than a minute, so that a failed test ends).
private final class Gate: @unchecked Sendable {
    private let condition = NSCondition()
    /// Read and changed with `condition` locked.
    private var isOpen = false

    func wait() {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date().addingTimeInterval(60)
        while !isOpen, condition.wait(until: deadline) {}
    }

    func open() {
        condition.lock()
        isOpen = true
        condition.broadcast()
        condition.unlock()
    }
}
