import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkOffline
import TestSupport
import Testing
import TripPinModel

extension OfflineLive {
    /// Signing out of a shared device: `OfflineStore.removeFiles(at:)` leaves no file of a store that downloaded
    /// records, queued a change and cached a stream.
    @Suite(.serialized) struct StoreRemovalLiveTests {
        init() { GeneratedEntities.register() }

        @Test func removingTheStoreLeavesNoFileBehind() async throws {
            try await OfflineServer.reset()
            try await OfflineServer.seed()
            let client = try OfflineServer.client()
            let content = Data((0..<10_000).map { UInt8(truncatingIfNeeded: $0) })
            let upload = try Paths.temporaryDirectory().appendingPathComponent("photo.png")
            try content.write(to: upload)
            let photo = try await client.createMediaEntity(Photo.self, contentsOf: upload, contentType: "image/png")

            let folder = try Paths.temporaryDirectory().appendingPathComponent("user-1")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let file = folder.appendingPathComponent("store.sqlite")
            try await useStore(at: file, client: client, photo: photo)
            let used = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            #expect(used.contains("store.sqlite") && used.contains("store.sqlite.blobs"), "\(used)")

            try OfflineStore.removeFiles(at: file)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
            // Nothing left to remove is no error.
            try OfflineStore.removeFiles(at: file)
        }

        /// Downloads, changes a record and caches a stream, then lets the store go.
        private func useStore(at file: URL, client: ODataClient, photo: Photo) async throws {
            let store = try OfflineStore(
                at: file,
                client: client,
                definingQueries: [OfflineLive.OfflineLiveTests.people],
                protection: .complete
            )
            #expect(store.protection == .complete)
            try await store.download()
            let person = try #require(try store.fetch(Query<Person>().top(1)).first)
            person.lastName = "Changed offline"
            try store.update(person)
            #expect(try store.pendingRequests().count == 1)
            _ = try await store.cachedFile(for: photo.mediaResource)
        }
    }
}
