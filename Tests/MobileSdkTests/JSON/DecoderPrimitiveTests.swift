import Foundation
import Testing
@testable import MobileSdk

/// Each Edm primitive type in its OData v4 JSON forms, typed by the class's property metadata.
struct DecoderPrimitiveTests {
    func decode(_ members: String) throws -> JTEverything { try jtDecode(JTEverything.self, "{\(members)}") }

    func value(_ name: String, _ json: String) throws -> AttributeValue? { try decode("\"\(name)\": \(json)")[name] }

    @Test func integers() throws {
        #expect(try value("flag", "true") == .boolean(true))
        #expect(try value("byteValue", "255") == .byte(255))
        #expect(try value("sbyteValue", "-128") == .sbyte(-128))
        #expect(try value("small", "-32768") == .int16(-32768))
        #expect(try value("count", "2147483647") == .int32(.max))
        #expect(try value("big", "-9223372036854775808") == .int64(.min))
        #expect(try value("big", "9223372036854775807") == .int64(.max))
    }

    @Test func integersAsStrings() throws {
        // IEEE754Compatible=true writes Int64 (and any integer, in some services) as a string.
        #expect(try value("big", "\"9223372036854775807\"") == .int64(.max))
        #expect(try value("big", "\"-42\"") == .int64(-42))
        #expect(try value("count", "\"12\"") == .int32(12))
    }

    @Test func integersOutOfRangeAreRejected() {
        for (name, json) in [
            ("byteValue", "256"), ("byteValue", "-1"), ("sbyteValue", "128"), ("small", "32768"),
            ("count", "2147483648"), ("big", "9223372036854775808"), ("big", "1.5"), ("count", "1e3"),
            ("big", "\"1.5\""), ("big", "\" 1\""), ("big", "\"\\u0031\""), ("count", "true"), ("flag", "1"),
            ("flag", "\"true\""),
        ] { #expect(throws: JSONPayloadError.self, "\(name): \(json)") { try value(name, json) } }
    }

    @Test func floatingPoint() throws {
        #expect(try value("single", "1.5") == .single(1.5))
        #expect(try value("double", "-2.25e2") == .double(-225))
        #expect(try value("double", "3") == .double(3))
        #expect(try value("double", "-9223372036854775808") == .double(-9223372036854775808.0))
        #expect(try value("double", "\"1.5\"") == .double(1.5))
        #expect(try value("double", "\"INF\"") == .double(.infinity))
        #expect(try value("double", "\"-INF\"") == .double(-.infinity))
        #expect(try value("single", "\"INF\"") == .single(.infinity))
        guard case .double(let nan)? = try value("double", "\"NaN\"") else {
            Issue.record("NaN")
            return
        }
        #expect(nan.isNaN)
        #expect(throws: JSONPayloadError.self) { try value("double", "\"abc\"") }
    }

    @Test func decimals() throws {
        #expect(try value("amount", "12.50") == .decimal(Decimal(string: "12.5")!))
        #expect(try value("amount", "\"12.50\"") == .decimal(Decimal(string: "12.5")!))
        #expect(
            try value("amount", "123456789012345678901234567890")
                == .decimal(Decimal(string: "123456789012345678901234567890")!)
        )
        #expect(try value("amount", "1.5e3") == .decimal(1500))
        #expect(throws: JSONPayloadError.self) { try value("amount", "\"12,5\"") }
        #expect(throws: JSONPayloadError.self) { try value("amount", "\"12345678901234567890xyz\"") }
    }

    @Test func stringsAndGuids() throws {
        #expect(try value("name", "\"a\\\"b\"") == .string("a\"b"))
        #expect(try value("id", "\"0C1F2A3B-4D5E-6F70-8192-A3B4C5D6E7F8\"") == .guid(jtID1))
        #expect(try value("id", "\"0c1f2a3b-4d5e-6f70-8192-a3b4c5d6e7f8\"") == .guid(jtID1))
        #expect(throws: JSONPayloadError.self) { try value("id", "\"not-a-guid\"") }
        #expect(throws: JSONPayloadError.self) { try value("name", "12") }
    }

    @Test func binary() throws {
        let bytes = Data([0xFB, 0xFF, 0xBF, 0x00, 0x41])
        #expect(bytes.base64EncodedString() == "+/+/AEE=")
        #expect(try value("photo", "\"+/+/AEE=\"") == .binary(bytes))
        // base64url, with and without padding.
        #expect(try value("photo", "\"-_-_AEE=\"") == .binary(bytes))
        #expect(try value("photo", "\"-_-_AEE\"") == .binary(bytes))
        #expect(try value("photo", "\"\"") == .binary(Data()))
        #expect(throws: JSONPayloadError.self) { try value("photo", "\"!!!!\"") }
    }

    @Test func datesAndTimes() throws {
        let instant = Date(timeIntervalSince1970: 1_714_566_600)
        #expect(try value("modified", "\"2024-05-01T12:30:00Z\"") == .dateTimeOffset(instant))
        #expect(try value("modified", "\"2024-05-01T14:30:00+02:00\"") == .dateTimeOffset(instant))
        #expect(try value("legacy", "\"2024-05-01T12:30:00\"") == .dateTimeOffset(instant))
        #expect(try value("legacy", "\"\\/Date(1714566600000)\\/\"") == .dateTimeOffset(instant))
        #expect(try value("birthday", "\"2024-02-29\"") == .date(DateOnly(year: 2024, month: 2, day: 29)))
        #expect(
            try value("opens", "\"08:30:15.5\"")
                == .timeOfDay(TimeOfDay(hour: 8, minute: 30, second: 15, nanosecond: 500_000_000))
        )
        #expect(try value("length", "\"P1DT2H\"") == .duration(EdmDuration(seconds: 93_600)))
        for (name, json) in [
            ("modified", "\"yesterday\""), ("birthday", "\"2023-02-29\""), ("opens", "\"25:00:00\""),
            ("length", "\"1 day\""), ("modified", "0"),
        ] { #expect(throws: JSONPayloadError.self, "\(name): \(json)") { try value(name, json) } }
    }

    @Test func spatial() throws {
        let point =
            #"{"type": "Point", "coordinates": [-122.1, 47.6], "crs": {"type": "name", "properties": {"name": "EPSG:4326"}}}"#
        #expect(try value("place", point) == .geography(.point(longitude: -122.1, latitude: 47.6, srid: 4326)))
        let line = #"{"type": "LineString", "coordinates": [[0, 0], [1, 2, 3]]}"#
        #expect(try value("shape", line) == .geometry(.lineString([.init(x: 0, y: 0), .init(x: 1, y: 2, z: 3)])))
        let collection = #"{"type": "GeometryCollection", "geometries": [{"type": "Point", "coordinates": [1, 2]}]}"#
        #expect(try value("shape", collection) == .geometry(.collection([.point(.init(x: 1, y: 2))])))
        for json in [
            #"{"type": "Point"}"#, #"{"type": "Circle", "coordinates": [1, 2]}"#,
            #"{"type": "Point", "coordinates": [1]}"#, "\"POINT(1 2)\"",
        ] { #expect(throws: JSONPayloadError.self, "\(json)") { try value("place", json) } }
    }

    @Test func untypedAndEnumerations() throws {
        #expect(
            try value("extra", #"{"b": [1, "x"], "a": null}"#)
                == .untyped(.object(["a": .null, "b": .array([.number(1), .string("x")])]))
        )
        #expect(try value("color", "\"Red\"") == .enumMember("Red"))
        #expect(try value("color", "\"Red,Blue\"") == .enumMember("Red,Blue"))
        #expect(try value("color", "3") == .enumMember("3"))
    }

    @Test func nullsAndAbsence() throws {
        let entity = try decode(#""name": null, "big": null, "address": null, "tags": null, "_parent_value": null"#)
        #expect(entity["name"] == .null)
        #expect(entity["big"] == .null)
        #expect(entity["address"] == .null)
        #expect(entity["tags"] == .null)
        #expect(entity["parent"] == .null)
        #expect(entity["count"] == nil)
        #expect(entity.changedAttributeNames.isEmpty)
    }

    @Test func collectionsOfPrimitives() throws {
        #expect(try value("tags", #"["a", "b"]"#) == .collection([.string("a"), .string("b")]))
        #expect(try value("scores", "[]") == .collection([]))
        #expect(try value("scores", "[1, -2]") == .collection([.int32(1), .int32(-2)]))
        #expect(throws: JSONPayloadError.self) { try value("scores", "[1, \"x\"]") }
        #expect(throws: JSONPayloadError.self) { try value("scores", "1") }
    }
}
