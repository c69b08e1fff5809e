import Foundation
import Testing
@_spi(Generated) @testable import MobileSdk

/// A media entity with a stream property and a Dataverse-style file column, as generated code declares them.
private final class JTDocument: Entity {
    override class var entityLogicalName: String { "jtdocument" }
    override class var entitySetName: String? { "Documents" }
    override class var keyAttributes: [String] { ["Id"] }
    override class var propertyMetadata: [PropertyMetadata] {
        [
            .init("Id", .int32), .init("Thumbnail", .stream, swiftName: "thumbnail"),
            .init("new_contract", .file, swiftName: "contract"),
        ]
    }
    var thumbnail: StreamReference { _stream() }
    var contract: StreamReference { _stream() }
}

/// Media annotations of entities (`@odata.mediaReadLink` …, v2 `__metadata.media_src` …) and of stream properties
/// (`Thumbnail@odata.mediaReadLink` …) become the links of the entity's `StreamReference`s.
struct DecoderStreamTests {
    private func decode(_ json: String, version: ODataVersion = .v4) throws -> JTDocument {
        try ODataJSONDecoder(version: version, registry: EntityRegistry())
            .decodeEntity(JTDocument.self, from: Data(json.utf8))
    }

    @Test func aMediaEntitysAnnotationsDescribeItsMediaResource() throws {
        let document = try decode(
            #"""
            {"@odata.mediaReadLink": "Documents(3)/$value", "@odata.mediaEditLink": "Documents(3)/$value",
             "@odata.mediaContentType": "image/png", "@odata.mediaEtag": "\"m1\"", "Id": 3}
            """#
        )
        let media = document.mediaResource
        #expect(media.kind == .mediaResource)
        #expect(media.entitySet == "Documents")
        #expect(media.key == EntityKey(.int32(3)))
        #expect(media.readLink == "Documents(3)/$value")
        #expect(media.editLink == "Documents(3)/$value")
        #expect(media.contentType == "image/png")
        #expect(media.eTag == "\"m1\"")
        #expect(document.thumbnail.readLink == nil, "the entity's links are not its properties'")
    }

    @Test func aStreamPropertysAnnotationsDescribeIt() throws {
        let document = try decode(
            #"""
            {"Id": 4, "Thumbnail@odata.mediaReadLink": "https://cdn.example.com/t/4.jpg", "Thumbnail@mediaContentType": "image/jpeg",
             "Thumbnail": "ignored inline content"}
            """#
        )
        #expect(document.thumbnail.kind == .property("Thumbnail"))
        #expect(document.thumbnail.readLink == "https://cdn.example.com/t/4.jpg")
        #expect(document.thumbnail.contentType == "image/jpeg")
        #expect(document["Thumbnail"] == nil, "a stream's content is not an attribute")
    }

    @Test func aVerboseMediaLinkEntryDescribesItsMediaResource() throws {
        let document = try decode(
            #"""
            {"d": {"__metadata": {"uri": "https://host/svc/Documents(5)", "type": "Test.Document",
                   "media_src": "https://host/svc/Documents(5)/$value", "edit_media": "https://host/svc/Documents(5)/$value",
                   "content_type": "application/pdf", "media_etag": "W/\"2\""}, "Id": 5}}
            """#,
            version: .v2
        )
        let media = document.mediaResource
        #expect(media.readLink == "https://host/svc/Documents(5)/$value")
        #expect(media.editLink == "https://host/svc/Documents(5)/$value")
        #expect(media.contentType == "application/pdf")
        #expect(media.eTag == "W/\"2\"")
    }

    @Test func aFileColumnCarriesItsIdAndTheFilesName() throws {
        let document = try decode(
            #"{"Id": 6, "new_contract": "a1b2c3d4-0000-4000-8000-000000000001", "new_contract_name": "terms.pdf"}"#
        )
        #expect(document.contract.kind == .file("new_contract"))
        #expect(document.contract.fileName == "terms.pdf")
        #expect(document.contract.hasContent == true)
        #expect(try decode(#"{"Id": 7, "new_contract": null}"#).contract.hasContent == false)
        #expect(document.stream(named: "Other").kind == .property("Other"))
    }
}
