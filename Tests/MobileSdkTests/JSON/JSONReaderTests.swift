import Foundation
import TestSupport
import Testing
@testable import MobileSdk

/// The pull parser: structure, strings, numbers, limits and error positions.
struct JSONReaderTests {
    /// The whole text as one value, nothing after it.
    func parse(_ text: String) throws -> UntypedValue {
        try withJSONReader(text) { reader in
            let value = try reader.readUntyped()
            try reader.expectEnd()
            return value
        }
    }

    func string(_ json: String) throws -> String {
        guard case .string(let text) = try parse(json) else { throw JSONPayloadError(message: "not a string") }
        return text
    }

    @Test func nestedValues() throws {
        let value = try parse(#" { "a" : [1, {"b": [true, false, null]}, [], {}], "c": "x" } "#)
        #expect(
            value
                == .object([
                    "a": .array([
                        .number(1), .object(["b": .array([.bool(true), .bool(false), .null])]), .array([]),
                        .object([:]),
                    ]), "c": .string("x"),
                ])
        )
        #expect(try parse("[[[]]]") == .array([.array([.array([])])]))
        #expect(try parse("\t\r\n[ ]\n") == .array([]))
    }

    @Test func pullInterface() throws {
        try withJSONReader(#"{"k": [1, 2], "n": null, "s": "v"}"#) { reader in
            try reader.beginObject()
            #expect(try reader.nextKey() == "k")
            try reader.beginArray()
            var numbers: [String] = []
            while try reader.nextElement() {
                numbers.append(String(decoding: try reader.readNumberBytes(), as: UTF8.self))
            }
            #expect(numbers == ["1", "2"])
            #expect(try reader.nextKey() == "n")
            #expect(try reader.readNull())
            #expect(try reader.nextKey() == "s")
            #expect(try reader.readNull() == false)
            #expect(try reader.readString() == "v")
            #expect(try reader.nextKey() == nil)
            try reader.expectEnd()
        }
    }

    @Test func skipsAnyValue() throws {
        try withJSONReader(#"[{"a": [1, {"b": "c\"d"}], "e": -1.5e3}, "t\u0041", true, null, 7] "#) { reader in
            try reader.beginArray()
            for _ in 0..<5 {
                #expect(try reader.nextElement())
                try reader.skipValue()
            }
            #expect(try reader.nextElement() == false)
            try reader.expectEnd()
        }
    }

    /// The table the metadata reader's parser is tested against too (`JSONParserTests`).
    @Test func sharedStringCases() {
        for (json, text) in JSONStringCases.table {
            if let text {
                #expect((try? string(json)) == text, "\(json)")
            } else {
                #expect(throws: JSONPayloadError.self, "\(json)") { try parse(json) }
            }
        }
    }

    @Test func controlCharactersAreRejected() {
        for byte in [0x00, 0x01, 0x09, 0x0A, 0x0D, 0x1F] {
            let raw = String(UnicodeScalar(UInt8(byte)))
            // Plain strings, strings with escapes, keys and skipped values alike.
            for text in ["\"a\(raw)b\"", "\"\\n\(raw)\"", "{\"k\(raw)\": 1}"] {
                #expect(throws: JSONPayloadError.self, "\(byte) in \(text)") { try parse(text) }
            }
            #expect(throws: JSONPayloadError.self) {
                try withJSONReader("[\"a\(raw)b\"]") { reader in
                    try reader.beginArray()
                    _ = try reader.nextElement()
                    try reader.skipValue()
                }
            }
            #expect(throws: JSONPayloadError.self) {
                try withJSONReader("\"a\(raw)b\"") { _ = try $0.readPlainStringBytes() }
            }
        }
    }

    @Test func validNumbers() throws {
        let cases: [(String, Decimal)] = [
            ("0", 0), ("-0", 0), ("7", 7), ("-12", -12), ("1.5", 1.5), ("0.25", 0.25), ("1e3", 1000), ("1E+2", 100),
            ("-2.5e-2", Decimal(string: "-0.025")!), ("10", 10), ("123456789012", 123_456_789_012),
        ]
        for (text, expected) in cases { #expect(try parse(text) == .number(expected), "\(text)") }
    }

    @Test func numberGrammarIsEnforced() {
        for text in [
            "01", "-01", "00", "-", "+1", "1.", ".5", "1e", "1e+", "-.5", "1.e3", "0x10", "Infinity", "NaN", "1_000",
            "--1",
        ] { #expect(throws: JSONPayloadError.self, "\(text)") { try parse(text) } }
    }

    @Test func literals() throws {
        #expect(try parse("true") == .bool(true))
        #expect(try parse("false") == .bool(false))
        #expect(try parse("null") == .null)
        for text in ["tru", "nul", "fals", "True", "nulll", "t", "[tru]"] {
            #expect(throws: JSONPayloadError.self, "\(text)") { try parse(text) }
        }
    }

    @Test func structureErrors() {
        for text in [
            "", " ", "[1,]", "[,1]", "[1 2]", "{\"a\":1,}", "{,}", "{\"a\" 1}", "{1: 2}", "{\"a\":}", "[", "{",
            "{\"a\"", "{\"a\":1", "[1", "]", "}", "{\"a\":1]", "[1}", "'a'",
        ] { #expect(throws: JSONPayloadError.self, "\(text)") { try parse(text) } }
    }

    @Test func trailingGarbageIsRejected() throws {
        for text in ["{} x", "{}}", "[] []", "1 2", "\"a\"b", "null,"] {
            #expect(throws: JSONPayloadError.self, "\(text)") { try parse(text) }
        }
        #expect(try parse("{}  \n\t") == .object([:]))
    }

    @Test func depthLimit() throws {
        let deepest = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(throws: Never.self) { try parse(deepest) }
        let tooDeep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        #expect(throws: JSONPayloadError.self) { try parse(tooDeep) }
        let objects = String(repeating: "{\"a\":", count: 600) + "1" + String(repeating: "}", count: 600)
        #expect(throws: JSONPayloadError.self) { try parse(objects) }
        // Far deeper input fails at the limit instead of exhausting the stack.
        #expect(throws: JSONPayloadError.self) { try parse(String(repeating: "[", count: 100_000)) }
        // Depth is given back when containers close.
        let wide =
            "["
            + Array(repeating: String(repeating: "[", count: 500) + String(repeating: "]", count: 500), count: 3)
            .joined(separator: ",") + "]"
        #expect(throws: Never.self) { try parse(wide) }
    }

    @Test func errorsCarryLineAndColumn() throws {
        let error = try #require(payloadError { _ = try parse("{\n  \"a\": tru\n}") })
        #expect(error.line == 2)
        #expect(error.column == 8)
        #expect(error.description == "2:8: \(error.message)")

        // Columns count characters, not bytes.
        let wide = try #require(payloadError { _ = try parse("[\"é😀\", x]") })
        #expect(wide.line == 1)
        #expect(wide.column == 8)

        let end = try #require(payloadError { _ = try parse("[1,\r\n2,\n") })
        #expect(end.line == 3)
        #expect(end.column == 1)

        let trailing = try #require(payloadError { _ = try parse("{}\n\n  x") })
        #expect(trailing.line == 3)
        #expect(trailing.column == 3)
    }

    @Test func errorWithoutPositionPrintsMessageOnly() { #expect(JSONPayloadError(message: "m").description == "m") }

    @Test func plainStringBytesLeaveEscapedStringsAlone() throws {
        try withJSONReader(#"["abc", "a\nb"]"#) { reader in
            try reader.beginArray()
            _ = try reader.nextElement()
            let plain = try #require(try reader.readPlainStringBytes())
            #expect(String(decoding: plain, as: UTF8.self) == "abc")
            _ = try reader.nextElement()
            #expect(try reader.readPlainStringBytes() == nil)
            #expect(try reader.readString() == "a\nb")
            #expect(try reader.nextElement() == false)
        }
    }

    /// The key expected is taken only when it is the whole key: not a key it begins, nor one it is the start of, nor
    /// the same text escaped; an unexpected key reads as without expectation.
    @Test func expectedKeysMatchWholeKeysOnly() throws {
        let expected = Array("name".utf8)
        let text = #"{"name":1, "na":2, "name2":3, "n\u0061me":4 , "name" : 5, "other":6}"#
        let keys = try withJSONReader(text) { reader in
            try expected.withUnsafeBufferPointer { expected in
                try reader.beginObject()
                var keys: [String] = []
                while let (token, isExpected) = try reader.nextKeyToken(expecting: expected) {
                    switch token {
                    case .plain(let bytes):
                        keys.append(String(decoding: bytes, as: UTF8.self) + (isExpected ? "!" : ""))
                    case .escaped(let key): keys.append("escaped " + key + (isExpected ? "!" : ""))
                    }
                    try reader.skipValue()
                }
                return keys
            }
        }
        #expect(keys == ["name!", "na", "name2", "escaped name", "name!", "other"])
        // A key cut off where the expected one would end is an error, not a match.
        #expect(throws: JSONPayloadError.self) {
            try withJSONReader(#"{"name"#) { reader in
                try expected.withUnsafeBufferPointer { expected in
                    try reader.beginObject()
                    _ = try reader.nextKeyToken(expecting: expected)
                }
            }
        }
    }
}
