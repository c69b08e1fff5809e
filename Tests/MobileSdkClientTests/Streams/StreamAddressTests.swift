import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkTesting
import Testing

/// Where the client reads and writes each kind of stream (OData v4 URL conventions, Part 2 §4.7 and §4.14), what it
/// sends with it, and the links it will not follow.
struct StreamAddressTests {
    private let root = "https://services.example.com/odata/"

    private func client(_ transport: ScriptedTransport, version: ODataVersion = .v4) -> ODataClient {
        ODataClient(.init(serviceRoot: URL(string: root)!, version: version, transport: transport, retryPolicy: .none))
    }

    private func product(_ kind: StreamReference.Kind, eTag: String? = nil) -> StreamReference {
        StreamReference(kind: kind, entitySet: "Products", key: EntityKey(.int32(7)), eTag: eTag)
    }

    @Test func aStreamPropertyIsReadAndReplacedAtItsOwnURL() async throws {
        let transport = ScriptedTransport(
            .response(HTTPResponse(statusCode: 200, headerFields: ["Content-Type": "image/png"], body: Data([1, 2]))),
            .status(204)
        )
        let client = client(transport)
        let thumbnail = product(.property("Thumbnail"), eTag: "\"m4\"")

        #expect(try await client.data(of: thumbnail) == Data([1, 2]))
        try await client.upload(Data([3]), to: thumbnail, contentType: "image/png")

        let (read, write) = (transport.requests[0], transport.requests[1])
        #expect(read.method == "GET" && read.url.absoluteString == root + "Products(7)/Thumbnail")
        #expect(read[header: "Accept"] == "*/*" && read[header: "Range"] == "bytes=0-4194303")
        #expect(write.method == "PUT" && write.url.absoluteString == root + "Products(7)/Thumbnail")
        #expect(write[header: "If-Match"] == "\"m4\"", "the stream's own version, not the entity's")
        #expect(write[header: "Content-Type"] == "image/png" && write.body == Data([3]))
    }

    @Test func aMediaResourceIsAtValueAndTheServicesLinksWin() async throws {
        let transport = ScriptedTransport(.response(HTTPResponse(statusCode: 200, body: Data([9]))), .status(204))
        let client = client(transport, version: .v2)
        var media = StreamReference(kind: .mediaResource, entitySet: "Pictures", key: EntityKey(.int32(3)))
        #expect(try await client.data(of: media) == Data([9]))
        media.editLink = root + "Pictures(3)/content"
        try await client.deleteContent(of: media)

        #expect(
            transport.requests.map(\.url.absoluteString) == [root + "Pictures(3)/$value", root + "Pictures(3)/content"]
        )
        #expect(transport.requests[1].method == "DELETE")
    }

    @Test func aLinkToAnotherHostIsNotFollowedWithTheCredentials() async throws {
        let transport = ScriptedTransport()
        var media = product(.mediaResource)
        media.readLink = "https://cdn.elsewhere.example/p/7.png"
        await #expect(throws: ODataClientError.self) { try await client(transport).data(of: media) }
        #expect(transport.requests.isEmpty)
    }

    @Test func aStreamWithoutAKeyCannotBeAddressed() async throws {
        let transport = ScriptedTransport()
        let unsaved = StreamReference(kind: .property("Thumbnail"), entitySet: "Products", key: nil)
        await #expect { try await client(transport).data(of: unsaved) } throws: { error in
            if case ODataClientError.unaddressable = error { true } else { false }
        }
    }
}
