import Foundation
import MetadataModel
import MetadataReader
import TestSupport
import Testing

/// The metadata reader's JSON parser reads strings as the runtime's JSON reader does (`JSONReaderTests`), and says
/// where a bad escape starts.
struct JSONParserTests {
    @Test func sharedStringCases() {
        for (json, text) in JSONStringCases.table {
            let parsed = try? JSONParser.parse(Array(json.utf8), path: "case.json")
            if let text {
                guard case .string(let read)? = parsed?.kind else {
                    Issue.record("\(json) did not read as a string")
                    continue
                }
                #expect(read == text, "\(json)")
            } else {
                #expect(parsed == nil, "\(json)")
            }
        }
    }

    @Test func badEscapesAreLocatedAtTheirBackslash() throws {
        let text = "{\n  \"name\": \"ok \\uD83D\\uDE00 \\u12G4\"\n}"
        do {
            _ = try JSONParser.parse(Array(text.utf8), path: "bad.json")
            Issue.record("the parse succeeded")
        } catch {
            #expect(error.message == "invalid \\u escape: expected four hexadecimal digits")
            #expect((error.location.line, error.location.column) == (2, 28))
        }
    }

    /// Strings of many lengths and mixes, quotes, escapes and multi-byte characters at every offset: each reads back,
    /// and the next member's column counts the characters (scalars) before it.
    @Test func stringsReadBackAndColumnsCountCharactersAtEveryOffset() {
        // (as written in JSON, as read, characters written)
        let pieces: [(String, String, Int)] = [
            ("a", "a", 1), ("Z", "Z", 1), (" ", " ", 1), ("é", "é", 1), ("日", "日", 1), ("😀", "😀", 1), ("\\\"", "\"", 2),
            ("\\\\", "\\", 2), ("\\n", "\n", 2), ("\\u00e9", "é", 6), ("~", "~", 1),
        ]
        var generator = SeededGenerator(seed: 26)
        func next(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &generator) }
        for _ in 0..<2_000 {
            let chosen = (0..<next(40)).map { _ in pieces[next(pieces.count)] }
            let written = chosen.map(\.0).joined()
            let prefix = "{\"k\": \""
            let document = prefix + written + "\", \"n\": 1}"
            guard let root = try? JSONParser.parse(Array(document.utf8), path: "strings.json") else {
                Issue.record("\(document) did not parse")
                continue
            }
            #expect(
                root["k"].flatMap { if case .string(let text) = $0.kind { text } else { nil } }
                    == chosen.map(\.1).joined()
            )
            let column = prefix.count + chosen.map(\.2).reduce(0, +) + 4
            #expect(root.members.last?.keyLocation.column == column, "\(document)")
        }
        let control = try? JSONParser.parse(Array("[\"abcdefgh\u{1}ijklmnop\"]".utf8), path: "control.json")
        #expect(control == nil)
    }

    /// Names and values read again share the storage of the first (a table of a few hundred slots): many more long
    /// strings than slots, repeated and unique, each 16 bytes or longer and some alike but for one byte, must each
    /// read back as written.
    @Test func longStringsReadAgainReadBackAsWritten() throws {
        var generator = SeededGenerator(seed: 27)
        let pool = (0..<3_000).map { index in "name-\(index % 7)-" + String(repeating: "x", count: 10 + index % 13) }
        var expected: [(String, String)] = []
        for index in 0..<20_000 {
            let key = pool[Int.random(in: 0..<pool.count, using: &generator)]
            let value =
                index % 3 == 0 ? "unique value number \(index)" : pool[Int.random(in: 0..<50, using: &generator)]
            expected.append((key, value))
        }
        let document = "[" + expected.map { "{\"\($0)\": \"\($1)\"}" }.joined(separator: ",") + "]"
        let root = try JSONParser.parse(Array(document.utf8), path: "long.json")
        guard case .array(let elements) = root.kind else {
            Issue.record("not an array")
            return
        }
        let read = elements.map { element -> (String, String)? in
            guard let member = element.members.first, case .string(let value) = member.value.kind else { return nil }
            return (member.key, value)
        }
        #expect(read.count == expected.count)
        let mismatches = zip(read, expected).filter { $0?.0 != $1.0 || $0?.1 != $1.1 }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(3))")
    }
}
