import Foundation
import Testing
@testable import MobileSdk

/// `decodeValue(from:type:collection:)`: the results of actions and functions.
struct DecodeValueTests {
    func v4(_ json: String, _ type: PropertyType? = nil, collection: Bool = false) throws -> AttributeValue {
        try ODataJSONDecoder(registry: jtRegistry())
            .decodeValue(from: Data(json.utf8), type: type, collection: collection)
    }

    func v2(_ json: String, _ type: PropertyType? = nil, collection: Bool = false) throws -> AttributeValue {
        try ODataJSONDecoder(version: .v2, registry: jtRegistry())
            .decodeValue(from: Data(json.utf8), type: type, collection: collection)
    }

    @Test func v4ValueMember() throws {
        #expect(try v4(#"{"@odata.context": "$metadata#Edm.Int64", "value": "42"}"#, .int64) == .int64(42))
        #expect(try v4(#"{"value": "\#(jtID1.uuidString)"}"#, .guid) == .guid(jtID1))
        #expect(try v4(#"{"value": [1, 2]}"#, .int16, collection: true) == .collection([.int16(1), .int16(2)]))
        #expect(try v4(#"{"value": null}"#, .string) == .null)
        #expect(try v4(#"{"value": "x"}"#) == .string("x"))
    }

    @Test func v4ComplexBody() throws {
        let value = try v4(
            #"{"@odata.context": "$metadata#Test.Address", "Zip": "7", "Kind": "Work"}"#,
            .complex(JTAddress.self)
        )
        #expect(value == .complex(["Zip": .int64(7), "kind": .enumMember("Work")]))
        #expect(try v4(#"{"a": 1}"#) == .complex(["a": .int32(1)]))
    }

    @Test func v4BareValues() throws {
        #expect(try v4("12.5", .decimal) == .decimal(Decimal(string: "12.5")!))
        #expect(
            try v4(#""2024-05-01T12:30:00Z""#, .dateTimeOffset)
                == .dateTimeOffset(Date(timeIntervalSince1970: 1_714_566_600))
        )
        #expect(try v4("true") == .boolean(true))
    }

    @Test func v4ExactNumbersSurviveTheDetour() throws {
        // The value is read untyped first: long decimals and large integers must come through unchanged.
        #expect(
            try v4(#"{"value": 123456789012345678901234567890.5}"#, .decimal)
                == .decimal(Decimal(string: "123456789012345678901234567890.5")!)
        )
        #expect(try v4(#"{"value": 9223372036854775807}"#, .int64) == .int64(.max))
        #expect(try v4(#"{"value": -9223372036854775808}"#, .int64) == .int64(.min))
        #expect(try v4(#"{"value": 0.1}"#, .double) == .double(0.1))
        // Doubles beyond Decimal's range.
        #expect(try v4(#"{"value": 1e300}"#, .double) == .double(1e300))
        #expect(
            try v4(#"{"value": [5e-324, -1.7976931348623157e308]}"#, .double, collection: true)
                == .collection([.double(.leastNonzeroMagnitude), .double(-.greatestFiniteMagnitude)])
        )
    }

    @Test func v2Forms() throws {
        #expect(try v2(#"{"d": {"GetCount": "12"}}"#, .int64) == .int64(12))
        #expect(
            try v2(#"{"d": {"results": ["a", "b"]}}"#, .string, collection: true)
                == .collection([.string("a"), .string("b")])
        )
        #expect(try v2(#"{"d": ["a"]}"#, .string, collection: true) == .collection([.string("a")]))
        #expect(
            try v2(
                #"{"d": {"__metadata": {"type": "Test.Address"}, "Zip": "1", "Street": "s"}}"#,
                .complex(JTAddress.self)
            ) == .complex(["Zip": .int64(1), "Street": .string("s")])
        )
        #expect(try v2(#"{"d": {"__metadata": {"type": "Test.Address"}}}"#, .complex(JTAddress.self)) == .complex([:]))
        #expect(try v2(#"{"d": {"Fn": "\/Date(0)\/"}}"#, .dateTime) == .dateTimeOffset(Date(timeIntervalSince1970: 0)))
    }

    @Test func errors() {
        #expect(throws: JSONPayloadError.self) { try v4(#"{"value": "x"}"#, .int32) }
        #expect(throws: JSONPayloadError.self) { try v4(#"{"value": 1"#, .int32) }
        #expect(throws: JSONPayloadError.self) { try v4(#"{"value": 1} 2"#, .int32) }
        #expect(throws: JSONPayloadError.self) { try v4("", .int32) }
    }
}
