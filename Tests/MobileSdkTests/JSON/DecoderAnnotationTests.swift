import Foundation
import Testing
@testable import MobileSdk

/// Type and etag control information, derived classes, and open-type (dynamic) properties.
struct DecoderAnnotationTests {
    @Test func typeSelectsARegisteredDerivedClass() throws {
        let child = try jtDecode(JTChild.self, ##"{"@odata.type": "#Test.SpecialChild", "name": "s", "bonus": "1.5"}"##)
        let special = try #require(child as? JTSpecialChild)
        #expect(special["bonus"] == .decimal(Decimal(string: "1.5")!))
        #expect(special["name"] == .string("s"))
    }

    @Test func shortTypeAnnotation() throws {
        let child = try jtDecode(JTChild.self, ##"{"@type": "#Test.SpecialChild", "bonus": 2}"##)
        #expect(child is JTSpecialChild)
        #expect(child["bonus"] == .decimal(2))
    }

    @Test func typeOfAnUnrelatedClassIsIgnored() throws {
        // Registered, but not derived from what the caller expects.
        let child = try jtDecode(JTChild.self, ##"{"@odata.type": "#Test.Everything", "name": "n"}"##)
        #expect(type(of: child) == JTChild.self)
        #expect(child["name"] == .string("n"))
        let unknown = try jtDecode(JTChild.self, ##"{"@odata.type": "#Test.Nothing"}"##)
        #expect(type(of: unknown) == JTChild.self)
    }

    @Test func derivedClassesInsideCollectionsAndExpansions() throws {
        let page = try jtDecodeCollection(
            JTChild.self,
            ##"{"value": [{"name": "a"}, {"@odata.type": "#Test.SpecialChild", "bonus": 1}]}"##
        )
        #expect(page.entities.map { $0 is JTSpecialChild } == [false, true])
        let entity = try jtDecode(JTEverything.self, ##"{"Best": {"@odata.type": "#Test.SpecialChild", "bonus": 1}}"##)
        #expect(entity.relatedEntities["best"]?.entities.first is JTSpecialChild)
    }

    @Test func lateBoundEntityTakesItsNameFromTheType() throws {
        let entity = try ODataJSONDecoder(registry: EntityRegistry())
            .decodeEntity(Entity.self, from: Data(##"{"@odata.type": "#Microsoft.Dynamics.CRM.lead", "a": "b"}"##.utf8))
        #expect(entity.logicalName == "lead")
        let named = try ODataJSONDecoder(registry: EntityRegistry())
            .decodeEntity(Entity.self, from: Data(#"{"a": "b"}"#.utf8), logicalName: "contact")
        #expect(named.logicalName == "contact")
    }

    @Test func lateBoundEntityBecomesTheRegisteredClass() throws {
        let entity = try jtDecode(Entity.self, ##"{"@odata.type": "#Test.Child", "rank": "4"}"##)
        let child = try #require(entity as? JTChild)
        #expect(child["rank"] == .int64(4))
    }

    @Test func eTag() throws {
        #expect(try jtDecode(JTChild.self, #"{"@odata.etag": "W/\"123\"", "name": "a"}"#).eTag == "W/\"123\"")
        #expect(try jtDecode(JTChild.self, #"{"name": "a", "@etag": "W/\"9\""}"#).eTag == "W/\"9\"")
        #expect(try jtDecode(JTChild.self, #"{"@odata.etag": null}"#).eTag == nil)
    }

    @Test func otherControlInformationIsSkipped() throws {
        let child = try jtDecode(
            JTChild.self,
            #"""
            {"@odata.context": "x", "@odata.id": "y", "@odata.editLink": "z", "@Custom.Term": {"a": [1, 2]}, "name": "n"}
            """#
        )
        #expect(child.attributes == ["name": .string("n")])
    }

    @Test func dynamicPropertiesByShape() throws {
        let entity = try jtDecode(
            JTChild.self,
            #"""
            {"s": "x", "b": true, "i": 12, "l": 3000000000, "d": 1.5, "e": 1e2, "n": null, "o": {"k": 1}, "a": [1, "y"],
             "huge": 123456789012345678901234567890}
            """#
        )
        #expect(entity["s"] == .string("x"))
        #expect(entity["b"] == .boolean(true))
        #expect(entity["i"] == .int32(12))
        #expect(entity["l"] == .int64(3_000_000_000))
        #expect(entity["d"] == .decimal(Decimal(string: "1.5")!))
        #expect(entity["e"] == .decimal(100))
        #expect(entity["n"] == .null)
        #expect(entity["o"] == .complex(["k": .int32(1)]))
        #expect(entity["a"] == .collection([.int32(1), .string("y")]))
        #expect(entity["huge"] == .decimal(Decimal(string: "123456789012345678901234567890")!))
    }

    @Test func dynamicPropertiesWithTypeAnnotations() throws {
        let entity = try jtDecode(
            JTChild.self,
            #"""
            {"g@odata.type": "#Guid", "g": "\#(jtID1.uuidString)",
             "when@odata.type": "#DateTimeOffset", "when": "2024-05-01T12:30:00Z",
             "big@odata.type": "Edm.Int64", "big": "9007199254740993",
             "day@type": "#Date", "day": "2024-01-02",
             "list@odata.type": "#Collection(Edm.Int16)", "list": [1, 2],
             "short@odata.type": "#Collection(String)", "short": ["a"],
             "odd@odata.type": "#Some.Complex", "odd": {"x": 1}}
            """#
        )
        #expect(entity["g"] == .guid(jtID1))
        #expect(entity["when"] == .dateTimeOffset(Date(timeIntervalSince1970: 1_714_566_600)))
        #expect(entity["big"] == .int64(9_007_199_254_740_993))
        #expect(entity["day"] == .date(DateOnly(year: 2024, month: 1, day: 2)))
        #expect(entity["list"] == .collection([.int16(1), .int16(2)]))
        #expect(entity["short"] == .collection([.string("a")]))
        #expect(entity["odd"] == .complex(["x": .int32(1)]))
    }

    @Test func dynamicSpatialWithTypeAnnotation() throws {
        let entity = try jtDecode(
            JTChild.self,
            #"""
            {"where@odata.type": "#GeographyPoint", "where": {"type": "Point", "coordinates": [1.5, 2.5]}}
            """#
        )
        #expect(entity["where"] == .geography(.point(longitude: 1.5, latitude: 2.5)))
    }

    @Test func typeAnnotationThatDoesNotMatchTheValue() {
        #expect(throws: JSONPayloadError.self) {
            try jtDecode(JTChild.self, ##"{"g@odata.type": "#Guid", "g": "nope"}"##)
        }
        #expect(throws: JSONPayloadError.self) { try jtDecode(JTChild.self, #"{"@odata.type": 5}"#) }
    }
}
