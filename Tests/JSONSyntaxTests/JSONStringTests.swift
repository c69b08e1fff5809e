import JSONSyntax
import Testing

/// The string rule itself: escapes, `\u` with surrogate pairs, and literals written back.
struct JSONStringTests {
    @Test func oneLetterEscapes() {
        let letters = Array(#""\/bfnrt"#.utf8)
        #expect(letters.map { JSONString.byte(escapedBy: $0) } == [0x22, 0x5C, 0x2F, 0x08, 0x0C, 0x0A, 0x0D, 0x09])
        for letter in Array("uxU0'a".utf8) { #expect(JSONString.byte(escapedBy: letter) == nil) }
    }

    @Test(arguments: [
        ("00e9", "é", 4), ("D83D\\uDE00", "😀", 10), ("d83d\\ude00rest", "😀", 10), ("D800\\u0041", "\u{FFFD}", 4),
        ("D800\\uD83D\\uDE00", "\u{FFFD}", 4), ("DC00", "\u{FFFD}", 4), ("D800", "\u{FFFD}", 4),
        ("D800\\u12", "\u{FFFD}", 4), ("0000", "\u{0}", 4),
    ]) func unicodeEscapes(digits: String, character: String, length: Int) {
        let decoded = Array(digits.utf8).withUnsafeBufferPointer { JSONString.unicodeEscape(in: $0, at: 0) }
        #expect(decoded == JSONString.UnicodeEscape(utf8: Array(character.utf8), length: length))
    }

    @Test(arguments: ["", "12", "12G4", "-123", " 123"]) func incompleteUnicodeEscapes(digits: String) {
        #expect(Array(digits.utf8).withUnsafeBufferPointer { JSONString.unicodeEscape(in: $0, at: 0) } == nil)
    }

    @Test func literals() {
        var output: [UInt8] = []
        JSONString.appendLiteral("a\"b\\c/\n\r\t\u{01}\u{1F} é😀", to: &output)
        #expect(String(decoding: output, as: UTF8.self) == #""a\"b\\c/\n\r\t\u0001\u001f é😀""#)
    }
}
