import Foundation
import Testing
@testable import MobileSdk

/// OData v4 request bodies: create and update, value forms, IEEE754Compatible, determinism.
struct EncoderTests {
    let encoder = ODataJSONEncoder(registry: jtRegistry())

    @Test func createHasEveryPresentAttributeSortedWithNulls() throws {
        let entity = JTEverything()
        entity["name"] = .string("n")
        entity["count"] = .int32(3)
        entity["amount"] = .null
        entity["zzz"] = .boolean(false)
        entity["big"] = .int64(9_007_199_254_740_993)
        entity.acceptChanges()
        #expect(
            jtText(try encoder.encodeForCreate(entity))
                == #"{"amount":null,"big":9007199254740993,"count":3,"name":"n","zzz":false}"#
        )
    }

    @Test func updateHasOnlyChangedAttributes() throws {
        let entity = try jtDecode(JTEverything.self, #"{"name": "old", "count": 1, "amount": 2.5, "flag": true}"#)
        #expect(jtText(try encoder.encodeForUpdate(entity)) == "{}")
        entity["name"] = .string("new")
        entity["amount"] = .null
        entity["tags"] = .collection([.string("x")])
        #expect(jtText(try encoder.encodeForUpdate(entity)) == #"{"amount":null,"name":"new","tags":["x"]}"#)
        // Removing a changed attribute takes it out of the update again.
        entity.removeAttribute("tags")
        #expect(jtText(try encoder.encodeForUpdate(entity)) == #"{"amount":null,"name":"new"}"#)
    }

    @Test func payloadNamesOfComplexMembers() throws {
        let entity = JTEverything()
        entity["address"] = .complex([
            "kind": .enumMember("Home"), "Zip": .int64(5), "Geo": .complex(["Lat": .double(1.5)]),
            "Other": .string("o"),
        ])
        // In storage-name order (`kind` last), each under its payload name.
        #expect(
            jtText(try encoder.encodeForCreate(entity))
                == #"{"address":{"Geo":{"Lat":1.5},"Other":"o","Zip":5,"Kind":"Home"}}"#
        )
    }

    @Test func ieee754CompatibleWritesInt64AndDecimalAsStrings() throws {
        let entity = JTEverything()
        entity["big"] = .int64(-9_223_372_036_854_775_808)
        entity["amount"] = .decimal(Decimal(string: "123456789012345678901234567890.5")!)
        entity["revenue"] = .money(Money(Decimal(string: "12.5")!))
        entity["count"] = .int32(1)
        entity["double"] = .double(0.1)
        let compatible = ODataJSONEncoder(ieee754Compatible: true, registry: jtRegistry())
        #expect(
            jtText(try compatible.encodeForCreate(entity))
                == #"{"amount":"123456789012345678901234567890.5","big":"-9223372036854775808","count":1,"double":0.1,"revenue":"12.5"}"#
        )
        #expect(
            jtText(try encoder.encodeForCreate(entity))
                == #"{"amount":123456789012345678901234567890.5,"big":-9223372036854775808,"count":1,"double":0.1,"revenue":12.5}"#
        )
    }

    @Test func valueForms() throws {
        func text(_ value: AttributeValue, _ type: PropertyType? = nil) throws -> String {
            jtText(try encoder.encodeValue(value, type: type))
        }
        #expect(try text(.boolean(true)) == "true")
        #expect(try text(.byte(255)) == "255")
        #expect(try text(.sbyte(-1)) == "-1")
        #expect(try text(.int16(-2)) == "-2")
        #expect(try text(.single(1.5)) == "1.5")
        #expect(try text(.double(.infinity)) == #""INF""#)
        #expect(try text(.double(-.infinity)) == #""-INF""#)
        #expect(try text(.double(.nan)) == #""NaN""#)
        #expect(try text(.single(.nan)) == #""NaN""#)
        #expect(try text(.double(1e300)) == "1e+300")
        #expect(try text(.string("a\"b\\c\n\u{01}é")) == #""a\"b\\c\n\u0001é""#)
        #expect(try text(.guid(jtID1)) == #""0c1f2a3b-4d5e-6f70-8192-a3b4c5d6e7f8""#)
        #expect(try text(.binary(Data([0xFB, 0xFF]))) == #""+/8=""#)
        #expect(
            try text(.dateTimeOffset(Date(timeIntervalSince1970: 1_714_566_600.25))) == #""2024-05-01T12:30:00.250Z""#
        )
        #expect(try text(.dateTimeOffset(Date(timeIntervalSince1970: 0)), .dateTime) == #""1970-01-01T00:00:00Z""#)
        #expect(try text(.date(DateOnly(year: 2024, month: 2, day: 29))) == #""2024-02-29""#)
        #expect(
            try text(.timeOfDay(TimeOfDay(hour: 8, minute: 5, second: 0, nanosecond: 5_000_000))) == #""08:05:00.005""#
        )
        #expect(try text(.duration(EdmDuration(seconds: 93_600))) == #""P1DT2H""#)
        #expect(try text(.enumMember("Red,Blue")) == #""Red,Blue""#)
        #expect(try text(.optionSetValue(OptionSetValue(3))) == "3")
        #expect(try text(.optionSetValues([OptionSetValue(1), OptionSetValue(2)])) == #""1,2""#)
        #expect(try text(.money(Money(Decimal(string: "-0.5")!))) == "-0.5")
        #expect(
            try text(.untyped(.object(["b": .array([.number(1), .null]), "a": .bool(true)])))
                == #"{"a":true,"b":[1,null]}"#
        )
        #expect(try text(.collection([.int32(1), .collection([])])) == "[1,[]]")
        #expect(
            try text(.geography(.point(longitude: 1.5, latitude: -2, srid: 4326)))
                == #"{"coordinates":[1.5,-2],"crs":{"properties":{"name":"EPSG:4326"},"type":"name"},"type":"Point"}"#
        )
        #expect(try text(.null) == "null")
    }

    @Test func outputIsByteIdenticalAcrossRuns() throws {
        func build() -> JTEverything {
            let entity = JTEverything()
            for index in (0..<40).reversed() { entity["attr\(index)"] = .int32(Int32(index)) }
            entity["address"] = .complex(
                Dictionary(uniqueKeysWithValues: (0..<20).map { ("m\($0)", AttributeValue.int32(Int32($0))) })
            )
            entity["extra"] = .untyped(
                .object(Dictionary(uniqueKeysWithValues: (0..<20).map { ("k\($0)", UntypedValue.number(Decimal($0))) }))
            )
            entity.relatedEntities["children"] = EntityCollection(
                entities: (0..<5)
                    .map { index in
                        let child = JTChild()
                        child["name"] = .string("c\(index)")
                        child["rank"] = .int64(Int64(index))
                        return child
                    }
            )
            entity.relatedEntities["zeta"] = EntityCollection(entities: [Entity(logicalName: "zeta")])
            return entity
        }
        let first = try encoder.encodeForCreate(build())
        for _ in 0..<10 {
            #expect(try encoder.encodeForCreate(build()) == first)
            #expect(try encoder.encodeForUpdate(build()) == encoder.encodeForUpdate(build()))
        }
        let text = jtText(first)
        #expect(text.hasPrefix(#"{"address":{"m0":0,"m1":1,"m10":10,"#))
        // The output is JSON the reader accepts.
        #expect(throws: Never.self) {
            try withJSONReader(text) { reader in
                _ = try reader.readUntyped()
                try reader.expectEnd()
            }
        }
    }

    @Test func nanDecimalsAreNotWrittenAsInvalidJSON() throws {
        #expect(throws: ODataEncodingError.self) { try encoder.encodeValue(.decimal(.nan)) }
        #expect(throws: ODataEncodingError.self) { try encoder.encodeValue(.money(Money(.nan))) }
        #expect(jtText(try encoder.encodeValue(.untyped(.array([.number(.nan), .number(1)])))) == "[null,1]")
    }

    @Test func emptyEntity() throws {
        #expect(jtText(try encoder.encodeForCreate(Entity(logicalName: "x"))) == "{}")
        #expect(jtText(try encoder.encodeForUpdate(Entity(logicalName: "x"))) == "{}")
    }
}
