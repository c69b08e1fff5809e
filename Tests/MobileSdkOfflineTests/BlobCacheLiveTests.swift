import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkOffline
import TestSupport
import Testing
import TripPinModel

extension OfflineLive {
    /// Stream content kept on the device: read on request, then from the cache, least recently used out first, and
    /// served without a network.
    @Suite(.serialized) struct BlobCacheLiveTests {
        init() { GeneratedEntities.register() }

        @Test func photosAreCachedEvictedAndServedOffline() async throws {
            try await OfflineServer.reset()
            let client = try OfflineServer.client()
            let folder = try Paths.temporaryDirectory()
            var photos: [Photo] = []
            var contents: [Data] = []
            for index in 0..<3 {
                let content = Data((0..<20_000).map { UInt8(truncatingIfNeeded: $0 &* (index + 3)) })
                let upload = folder.appendingPathComponent("photo\(index).png")
                try content.write(to: upload)
                photos.append(
                    try await client.createMediaEntity(Photo.self, contentsOf: upload, contentType: "image/png")
                )
                contents.append(content)
            }
            let file = folder.appendingPathComponent("store.sqlite")
            let people = OfflineLive.OfflineLiveTests.people
            let store = try OfflineStore(
                at: file,
                client: client,
                definingQueries: [people],
                blobLimits: BlobCacheLimits(maximumBytes: 1 << 20, maximumCount: 2)
            )
            let logStart = try OfflineServer.requestLog().count
            func reads() throws -> Int {
                try OfflineServer.requestLog().dropFirst(logStart).filter { $0.hasPrefix("GET ") }.count
            }
            let first = try await store.cachedFile(for: photos[0].mediaResource)
            #expect(try Data(contentsOf: first) == contents[0])
            _ = try await store.cachedFile(for: photos[0].mediaResource)
            #expect(try reads() == 1, "the second request is served from the cache")

            _ = try await store.cachedFile(for: photos[1].mediaResource)
            _ = try await store.cachedFile(for: photos[2].mediaResource)
            #expect(!FileManager.default.fileExists(atPath: first.path), "the least recently used photo went")
            #expect(try reads() == 3)

            let offline = try OfflineStore(
                at: file,
                client: try OfflineServer.client(OfflineServer.unreachable),
                definingQueries: [people],
                blobLimits: BlobCacheLimits(maximumBytes: 1 << 20, maximumCount: 2)
            )
            #expect(try Data(contentsOf: try await offline.cachedFile(for: photos[2].mediaResource)) == contents[2])
            await #expect(throws: (any Error).self) { try await offline.cachedFile(for: photos[0].mediaResource) }
        }
    }
}
