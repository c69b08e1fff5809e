import Foundation
import TestSupport
import Testing
@testable import MobileSdk

/// Truncated and mutated payloads (seeded): the decoder throws ``JSONPayloadError`` or succeeds, and never crashes
/// or hangs.
struct DecoderFuzzTests {
    static let v4Entity = #"""
        {"@odata.context": "$metadata#jteverythings/$entity", "@odata.etag": "W/\"1\"", "@odata.type": "#Test.Everything",
         "id": "0c1f2a3b-4d5e-6f70-8192-a3b4c5d6e7f8", "flag": true, "byteValue": 1, "sbyteValue": -1, "small": 2, "count": 3,
         "big": "9223372036854775807", "single": 1.5, "double": "-INF", "amount": 1234567890123456789012.5, "name": "a\"b\u00e9\uD83D\uDE00",
         "photo": "-_-_AEE", "modified": "2024-05-01T12:30:00.123+02:00", "legacy": "\/Date(-1000+0060)\/", "birthday": "2024-02-29",
         "opens": "08:30:15.5", "length": "-P1DT2H3M4.5S", "place": {"type": "Point", "coordinates": [1.5, 2.5], "crs": {"type": "name", "properties": {"name": "EPSG:4326"}}},
         "shape": {"type": "GeometryCollection", "geometries": [{"type": "LineString", "coordinates": [[0, 0], [1, 1e2]]}]},
         "extra": {"x": [null, true, 1e-5]}, "color": "Red,Blue", "status": 3, "channels": "1,2", "revenue": "12.50",
         "_parent_value@Microsoft.Dynamics.CRM.lookuplogicalname": "account", "_parent_value": "0c1f2a3b-4d5e-6f70-8192-a3b4c5d6e7f8",
         "_parent_value@OData.Community.Display.V1.FormattedValue": "Contoso",
         "address": {"Street": "s", "Zip": 5, "Geo": {"Lat": 1, "Lon": "NaN"}, "Lines": ["x"], "Kind": "Home", "More@odata.type": "#Int64", "More": "7"},
         "addresses": [{"Zip": "1"}], "tags": ["t"], "scores": [1, 2],
         "Children@odata.count": 2, "Children": [{"name": "c"}, {"@odata.type": "#Test.SpecialChild", "bonus": "1.5"}],
         "Children@odata.nextLink": "next", "Best": {"childid": "11111111-2222-3333-4444-555555555555"},
         "dyn@odata.type": "#Collection(Edm.Guid)", "dyn": ["11111111-2222-3333-4444-555555555555"], "open": {"a": [1, "b"]}}
        """#

    static let v2Entity = #"""
        {"d": {"__metadata": {"type": "Test.Everything", "etag": "W/\"2\""}, "big": "5", "double": "1.5", "legacy": "\/Date(0)\/",
               "opens": "PT1H", "status": {"Value": 1}, "revenue": {"Value": "2.5"},
               "_parent_value": {"Id": "0c1f2a3b-4d5e-6f70-8192-a3b4c5d6e7f8", "LogicalName": "account", "Name": "n"},
               "tags": {"results": ["a"]}, "Children": {"results": [{"name": "c"}], "__count": "1", "__next": "n"},
               "Best": {"__deferred": {"uri": "u"}}}}
        """#

    static let v4Page = #"{"@odata.count": 2, "value": [\#(v4Entity), {"name": "x"}], "@odata.nextLink": "n"}"#

    /// Decodes and reports anything thrown that is not a ``JSONPayloadError``.
    func survive(_ data: Data, version: ODataVersion, collection: Bool = false) {
        let decoder = ODataJSONDecoder(version: version, registry: jtRegistry())
        do {
            if collection {
                _ = try decoder.decodeCollection(JTEverything.self, from: data)
            } else {
                _ = try decoder.decodeEntity(JTEverything.self, from: data)
            }
            _ = try decoder.decodeValue(from: data)
        } catch is JSONPayloadError {} catch {
            Issue.record("unexpected error \(error) for \(String(decoding: data, as: UTF8.self))")
        }
    }

    @Test func seedPayloadsDecode() throws {
        let decoder = ODataJSONDecoder(registry: jtRegistry())
        let entity = try decoder.decodeEntity(JTEverything.self, from: Data(Self.v4Entity.utf8))
        #expect(entity.attributes.count > 30)
        #expect(
            try ODataJSONDecoder(version: .v2, registry: jtRegistry())
                .decodeEntity(JTEverything.self, from: Data(Self.v2Entity.utf8)).attributes.count == 8
        )
        #expect(try decoder.decodeCollection(JTEverything.self, from: Data(Self.v4Page.utf8)).entities.count == 2)
    }

    @Test(arguments: [
        (DecoderFuzzTests.v4Entity, ODataVersion.v4, false), (DecoderFuzzTests.v2Entity, ODataVersion.v2, false),
        (DecoderFuzzTests.v4Page, ODataVersion.v4, true),
    ]) func everyTruncation(payload: String, version: ODataVersion, collection: Bool) {
        let bytes = Array(payload.utf8)
        for length in 0..<bytes.count { survive(Data(bytes[0..<length]), version: version, collection: collection) }
    }

    @Test(arguments: [
        (DecoderFuzzTests.v4Entity, ODataVersion.v4, false), (DecoderFuzzTests.v2Entity, ODataVersion.v2, false),
        (DecoderFuzzTests.v4Page, ODataVersion.v4, true),
    ]) func randomMutations(payload: String, version: ODataVersion, collection: Bool) {
        var random = SeededGenerator(seed: 4242)
        let original = Array(payload.utf8)
        let interesting =
            Array(#"{}[]",:\-+.0123456789eEtfnuINaZ/"#.utf8) + [0x00, 0x1F, 0x7F, 0x80, 0xC3, 0xFF, UInt8(ascii: "@")]
        for _ in 0..<1_500 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                guard !bytes.isEmpty else { break }
                let index = Int.random(in: 0..<bytes.count, using: &random)
                let byte =
                    Bool.random(using: &random)
                    ? interesting[Int.random(in: 0..<interesting.count, using: &random)]
                    : UInt8.random(in: 0...255, using: &random)
                switch Int.random(in: 0..<4, using: &random) {
                case 0: bytes[index] = byte
                case 1: bytes.insert(byte, at: index)
                case 2: bytes.remove(at: index)
                default:
                    // Duplicate a slice: repeats keys, nests deeper, or breaks structure.
                    let end = min(bytes.count, index + Int.random(in: 1...40, using: &random))
                    bytes.insert(contentsOf: bytes[index..<end], at: index)
                }
            }
            survive(Data(bytes), version: version, collection: collection)
        }
    }

    @Test func hostileShapes() {
        let cases = [
            String(repeating: "[", count: 10_000), String(repeating: "{\"Best\":", count: 2_000),
            "{\"Children\":" + String(repeating: "[", count: 5_000),
            "{\"extra\":" + String(repeating: "{\"a\":", count: 5_000), "{\"double\": -9223372036854775808}",
            "{\"double\": 1e999}", "{\"amount\": 1e999}", "{\"amount\": -0}", "{\"extra\": 1e99999}",
            "{\"open\": 1e400}", "{\"legacy\": \"/Date(9223372036854775807)/\"}",
            "{\"legacy\": \"/Date(-9223372036854775808)/\"}", "{\"modified\": \"9999-12-31T23:59:59.9999999-14:00\"}",
            "{\"opens\": \"PT99999999999999999999999H\"}",
            "{\"length\": \"P99999999999999999999999999999999999999999D\"}",
            "{\"place\": {\"type\": \"Point\", \"coordinates\": [1e400, 1]}}",
            "{\"dyn@odata.type\": \"#Collection(\", \"dyn\": 1}", "{\"dyn@odata.type\": \"\", \"dyn\": 1}",
            "{\"@odata.type\": \"#\"}", "{\"channels\": \"99999999999\"}",
            "{\"_x_value@Microsoft.Dynamics.CRM.lookuplogicalname\": \"a\", \"_x_value\": 5}",
            "{\"Children@odata.count\": 99999999999999999999}", "{\"Children@odata.count\": \"x\"}", "\u{FEFF}{}",
        ]
        for text in cases {
            survive(Data(text.utf8), version: .v4)
            survive(Data("{\"d\":\(text)}".utf8), version: .v2)
            survive(Data("{\"value\":[\(text)]}".utf8), version: .v4, collection: true)
        }
    }

    @Test func invalidUTF8() {
        for bytes: [UInt8] in [
            [0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D],
            [0x7B, 0x22, 0x6E, 0x61, 0x6D, 0x65, 0x22, 0x3A, 0x22, 0xC3, 0x22, 0x7D], [0xC3],
        ] { survive(Data(bytes), version: .v4) }
    }
}
