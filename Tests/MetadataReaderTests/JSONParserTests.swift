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
}
