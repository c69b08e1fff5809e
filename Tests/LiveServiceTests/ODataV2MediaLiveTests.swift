import Foundation
import GalleryModel
import MobileSdk
import MobileSdkClient
import MobileSdkTesting
import Testing

/// OData v2 media link entries against pyslet (`SampleMetadata/Gallery.v2.xml`, `Picture` with `m:HasStream`): created
/// by POSTing the content with a `Slug`, described by `__metadata`'s `media_src`, `edit_media` and `content_type`, read
/// and replaced at `$value` through `URLSessionTransport`'s download and upload tasks.
@Suite(.enabled(if: LiveServers.v2Media != nil || LiveServers.required, LiveServers.skipMessage))
struct ODataV2MediaLiveTests {
    private let root: URL
    private let transport = LiveServers.recordingTransport()
    private let client: ODataClient
    private let folder: URL

    init() throws {
        root = try #require(LiveServers.v2Media, LiveServers.skipMessage)
        client = LiveServers.client(root, version: .v2, transport: transport, register: GeneratedEntities.register(in:))
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ODataV2MediaLiveTests-" + UUID().uuidString
        )
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    private static let picture = Data((0..<120_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })

    @Test func aMediaLinkEntryIsCreatedReadAndReplaced() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("beach.png")
        try Self.picture.write(to: file)

        let entry = try await client.createMediaEntity(
            Picture.self,
            contentsOf: file,
            contentType: "image/png",
            slug: "beach.png"
        )
        let post = try #require(transport.requests.first)
        #expect(
            post.method == "POST" && post[header: "Slug"] == "beach.png" && post[header: "Content-Type"] == "image/png"
        )
        let media = entry.mediaResource
        let readLink = try #require(media.readLink)
        #expect(readLink.hasPrefix(root.absoluteString + "Pictures(") && readLink.hasSuffix(")/$value"))
        #expect(media.editLink == readLink)
        #expect(media.contentType == "image/png")

        // Its properties are an ordinary entity's (MERGE).
        entry.title = "Beach"
        try await client.update(entry)
        let reread = try await client.retrieve(Picture.self, key: EntityKey(.int32(try #require(entry.id))))
        #expect(reread.title == "Beach")
        #expect(reread.mediaResource.readLink == readLink)

        let copy = folder.appendingPathComponent("copy.png")
        let downloaded = try await client.download(media, to: copy)
        #expect(try Data(contentsOf: copy) == Self.picture)
        #expect(downloaded.contentType == "image/png")

        try await client.upload(Data("a smaller picture".utf8), to: media, contentType: "image/jpeg")
        let put = try #require(transport.requests.last)
        #expect(put.method == "PUT" && put.url.absoluteString == readLink)
        #expect(try await client.data(of: media) == Data("a smaller picture".utf8))
    }
}
