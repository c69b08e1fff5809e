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
}
