import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkTesting
import Testing
import TripPinModel

/// Media entities against the real OData v4 server (odatapy's in-memory service, TripPin's `Photo` with
/// `HasStream="true"`): created from a file, their content downloaded, replaced and removed through
/// `URLSessionTransport`'s download and upload tasks, and checked with plain HTTP.
extension ODataV4Live {
    @Suite struct MediaEntityLiveTests {
        private let root: URL
        private let transport = LiveServers.recordingTransport()
        private let client: ODataClient
        private let directory: URL

        init() throws {
            root = try #require(LiveServers.v4, LiveServers.skipMessage)
            client = LiveServers.client(root, transport: transport, register: GeneratedEntities.register(in:))
            directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "MediaEntityLiveTests-" + UUID().uuidString
            )
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }

        /// Bytes that are not text, a little over a few network buffers.
        private static let content = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 / 251) })

        private func write(_ data: Data, _ name: String) throws -> URL {
            let file = directory.appendingPathComponent(name)
            try data.write(to: file)
            return file
        }

        @Test func aPhotoIsCreatedFromAFileAndItsContentReadBack() async throws {
            defer { try? FileManager.default.removeItem(at: directory) }
            let uploads = ProgressLog()
            let photo = try await client.createMediaEntity(
                Photo.self,
                contentsOf: try write(Self.content, "photo.png"),
                contentType: "image/png",
                progress: uploads.record
            )
            let id = try #require(photo.id)
            let post = try #require(transport.requests.first)
            #expect(post.method == "POST")
            #expect(post.url.absoluteString == root.absoluteString + "Photos")
            #expect(post[header: "Content-Type"] == "image/png")
            #expect(photo.mediaResource.contentType == "image/png")
            #expect(photo.mediaResource.readLink != nil)
            #expect(uploads.last?.completedBytes == Int64(Self.content.count))

            // Its properties are an ordinary entity's.
            photo.name = "Beach"
            try await client.update(photo)
            #expect(try await ServerProbe.get(root, "Photos(\(id))").json?["Name"] as? String == "Beach")

            let downloads = ProgressLog()
            let destination = directory.appendingPathComponent("copy.png")
            let downloaded = try await client.download(photo.mediaResource, to: destination, progress: downloads.record)
            #expect(try Data(contentsOf: destination) == Self.content)
            #expect(downloaded.byteCount == Int64(Self.content.count))
            #expect(downloaded.contentType == "image/png")
            #expect(downloads.last?.completedBytes == Int64(Self.content.count))
            #expect(
                transport.requests.last?[header: "Range"] == "bytes=0-4194303",
                "asked for a range, which odatapy ignores"
            )
        }

        @Test func aPhotosContentIsReplacedAndRemoved() async throws {
            defer { try? FileManager.default.removeItem(at: directory) }
            let photo = try await client.createMediaEntity(
                Photo.self,
                contentsOf: try write(Data("first".utf8), "first.txt"),
                contentType: "text/plain"
            )
            let reread = try await client.retrieve(Photo.self, key: EntityKey(.int64(try #require(photo.id))))

            try await client.upload(
                contentsOf: try write(Self.content, "second.jpg"),
                to: reread.mediaResource,
                contentType: "image/jpeg"
            )
            let put = try #require(transport.requests.last)
            #expect(put.method == "PUT")
            #expect(put.url.absoluteString.hasSuffix("/$value"))
            #expect(try await client.data(of: reread.mediaResource) == Self.content)
            let updated = try await client.retrieve(Photo.self, key: EntityKey(.int64(try #require(photo.id))))
            #expect(updated.mediaResource.contentType == "image/jpeg")
            #expect(updated.mediaResource.eTag != nil && updated.mediaResource.eTag != reread.mediaResource.eTag)

            // odatapy compares `If-Match` on `$value` with the entity's ETag rather than the media ETag the protocol
            // names (`@odata.mediaEtag`), so the content is removed unconditionally here.
            var media = updated.mediaResource
            media.eTag = nil
            try await client.deleteContent(of: media)
            #expect(transport.requests.last?.method == "DELETE")
            #expect(try await client.data(of: media).isEmpty, "odatapy answers 204 for a media entity without content")
        }

        @Test func cancellingADownloadLeavesTheDestinationAsItWas() async throws {
            defer { try? FileManager.default.removeItem(at: directory) }
            let photo = try await client.createMediaEntity(
                Photo.self,
                contentsOf: try write(Self.content, "photo.bin"),
                contentType: "application/octet-stream"
            )
            let destination = try write(Data("before".utf8), "kept.bin")
            let download = Task { [client] in try await client.download(photo.mediaResource, to: destination) }
            download.cancel()
            let result = await download.result
            #expect(throws: CancellationError.self) { try result.get() }
            #expect(try Data(contentsOf: destination) == Data("before".utf8))
        }
    }
}

/// Progress reports as they came.
final class ProgressLog: @unchecked Sendable {
    private let lock = NSLock()
    private var reports: [TransferProgress] = []

    var last: TransferProgress? {
        lock.lock()
        defer { lock.unlock() }
        return reports.last
    }

    var record: TransferProgress.Handler {
        { [self] progress in
            lock.lock()
            reports.append(progress)
            lock.unlock()
        }
    }
}
