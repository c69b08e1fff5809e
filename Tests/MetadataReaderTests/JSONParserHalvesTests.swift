import Foundation
import MetadataModel
import MetadataReader
import TestSupport
import Testing

/// A large array is parsed in two halves at once (`JSONParser.halvesThreshold`): the tree, every location in it and
/// every error must be what the parse in one piece gives.
struct JSONParserHalvesTests {
    /// Values with what could mislead a scan for the comma between elements: brackets, braces, commas and escaped
    /// quotes in strings (some longer than the eight bytes the scan takes at once, with a quote or backslash at every
    /// offset), multi-byte characters (columns count characters), and each kind of line break — or, without carriage
    /// returns, the line feeds and deep indentation the scan counts eight bytes at a time.
    private static func document(seed: UInt64, elements: Int, wrapped: Bool, carriageReturns: Bool = true) -> String {
        var random = SeededGenerator(seed: seed)
        let strings =
            [
                #""plain""#, #""a ], b } , c [ {""#, #""quote \" and backslash \\""#, #""é, 😀 and ü""#,
                #""\u00e9\uD83D\uDE00 \n""#, #""""#, #""\\""#,
            ] + (0..<9).map { "\"" + String(repeating: "x", count: $0) + #"\"], {\\, "# + "ü" + #"\\\"12345678""# }
        let breaks =
            carriageReturns
            ? ["", " ", "\n", "\r\n", "\r", "\n\t  "]
            : ["", " ", "\n", "\n" + String(repeating: " ", count: 13), "\n\t  "]
        func space() -> String { breaks.randomElement(using: &random) ?? "" }
        func value(_ depth: Int) -> String {
            switch Int.random(in: 0..<(depth > 3 ? 4 : 7), using: &random) {
            case 0: return strings.randomElement(using: &random) ?? "\"\""
            case 1: return ["0", "-12.5e3", "42", "1E+2"].randomElement(using: &random) ?? "0"
            case 2: return ["true", "false", "null"].randomElement(using: &random) ?? "null"
            case 3: return "[]"
            case 4, 5:
                let members = (0..<Int.random(in: 0...4, using: &random))
                    .map { index in "\(space())\"k\(index),]\"\(space()):\(space())\(value(depth + 1))" }
                return "{" + members.joined(separator: ",") + space() + "}"
            default:
                let items = (0..<Int.random(in: 1...4, using: &random)).map { _ in space() + value(depth + 1) }
                return "[" + items.joined(separator: ",") + space() + "]"
            }
        }
        // Each element ends in multi-byte characters just before the comma, so that a miscount shows after it.
        let array =
            "["
            + (0..<elements).map { _ in space() + "{\"v\": \(value(0)), \"n\": \"naïve 😀\"}" }.joined(separator: ",")
            + "]"
        return wrapped ? "{\(space())\"value\":\(space())\(array),\(space())\"tail\": \"[,\"}" : array
    }

    /// Every value's kind, text and location, and every key's location, in document order.
    private static func outline(_ value: JSONValue, into lines: inout [String]) {
        let location = "\(value.location.line):\(value.location.column)"
        switch value.kind {
        case .object(let members):
            lines.append("{ \(location)")
            for member in members {
                lines.append("key \(member.key) \(member.keyLocation.line):\(member.keyLocation.column)")
                outline(member.value, into: &lines)
            }
        case .array(let elements):
            lines.append("[ \(location) \(elements.count)")
            for element in elements { outline(element, into: &lines) }
        case .string(let text): lines.append("s \(text.debugDescription) \(location)")
        case .number(let text): lines.append("n \(text) \(location)")
        case .bool(let flag): lines.append("b \(flag) \(location)")
        case .null: lines.append("null \(location)")
        }
    }

    private static func outline(_ value: JSONValue) -> [String] {
        var lines: [String] = []
        outline(value, into: &lines)
        return lines
    }

    @Test(arguments: 0..<40) func halvesGiveTheTreeOfOnePiece(seed: UInt64) throws {
        let bytes = Array(Self.document(seed: seed, elements: 30 + Int(seed), wrapped: false).utf8)
        let whole = try JSONParser.parse(bytes, path: "a.json", halvesThreshold: .max)
        let halves = try #require(JSONParser.rootArrayInHalves(bytes, path: "a.json"), "the halves did not meet")
        #expect(Self.outline(halves) == Self.outline(whole))
    }

    @Test(arguments: 0..<20) func halvesMeetInIndentedTextWithoutCarriageReturns(seed: UInt64) throws {
        let bytes = Array(
            Self.document(seed: 200 + seed, elements: 30 + Int(seed), wrapped: false, carriageReturns: false).utf8
        )
        #expect(!bytes.contains(0x0D))
        let whole = try JSONParser.parse(bytes, path: "a.json", halvesThreshold: .max)
        let halves = try #require(JSONParser.rootArrayInHalves(bytes, path: "a.json"), "the halves did not meet")
        #expect(Self.outline(halves) == Self.outline(whole))
    }

    @Test(arguments: 0..<20) func theValueOfAResponseReadsTheSameInHalves(seed: UInt64) throws {
        let bytes = Array(Self.document(seed: 100 + seed, elements: 40, wrapped: true).utf8)
        let whole = try JSONParser.parse(bytes, path: "a.json", halvesThreshold: .max)
        let halves = try JSONParser.parse(bytes, path: "a.json", halvesThreshold: 0)
        #expect(Self.outline(halves) == Self.outline(whole))
    }

    /// An error in either half, or one that makes the scan and the parse disagree, is the error of one piece.
    @Test func errorsAreThoseOfOnePiece() throws {
        let valid = Self.document(seed: 7, elements: 60, wrapped: true)
        let breakages: [(String, String)] = [
            ("true", "tru"), ("null", "nul,"), ("\"plain\"", "\"pl\u{01}ain\""), ("]", "],"), ("}", "]"),
            ("\\\"", "\""),
        ]
        var checked = 0
        for (found, broken) in breakages {
            // The last occurrence: in the second half, where only the scan looks first.
            guard let range = valid.range(of: found, options: .backwards) else { continue }
            let bytes = Array(valid.replacingCharacters(in: range, with: broken).utf8)
            let whole = Result<JSONValue, JSONParser.SyntaxError>(catching: {
                () throws(JSONParser.SyntaxError) -> JSONValue in
                try JSONParser.parse(bytes, path: "e.json", halvesThreshold: .max)
            })
            let halves = Result<JSONValue, JSONParser.SyntaxError>(catching: {
                () throws(JSONParser.SyntaxError) -> JSONValue in
                try JSONParser.parse(bytes, path: "e.json", halvesThreshold: 0)
            })
            switch (whole, halves) {
            case (.failure(let one), .failure(let two)):
                #expect(one.message == two.message, "\(broken)")
                #expect(one.location == two.location, "\(broken)")
                checked += 1
            case (.success(let one), .success(let two)): #expect(Self.outline(one) == Self.outline(two), "\(broken)")
            default: Issue.record("one piece and halves disagree on whether \(broken) parses")
            }
        }
        #expect(checked >= 4)
    }
}
