/// How JSON writes a string (RFC 8259, section 7): the one rule both JSON readers and writers of this package follow —
/// the metadata reader's, which locates every value for diagnostics, and the runtime's, which reads payloads fast.
package enum JSONString {
    /// The byte a one-letter escape stands for (`n` → line feed, `"` → `"`); nil for `u` (see
    /// ``unicodeEscape(in:at:)``) and for letters JSON has no escape for.
    package static func byte(escapedBy letter: UInt8) -> UInt8? {
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): letter
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "f"): 0x0C
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "r"): 0x0D
        case UInt8(ascii: "t"): 0x09
        default: nil
        }
    }

    /// A decoded `\uXXXX` escape: its character's UTF-8 and how many bytes of the text it took.
    package struct UnicodeEscape: Equatable, Sendable {
        package let utf8: [UInt8]
        /// The bytes read from the first hexadecimal digit on: 4, or 10 for a surrogate pair (`D83D\uDE00`).
        package let length: Int

        package init(utf8: [UInt8], length: Int) {
            self.utf8 = utf8
            self.length = length
        }
    }

    /// The escape whose four hexadecimal digits start at `index` (just after `\u`), joined with a following
    /// `\uXXXX` when the two are a surrogate pair; nil when four hexadecimal digits do not follow. A surrogate that is
    /// not part of a pair becomes U+FFFD, and what follows it is read on its own.
    package static func unicodeEscape(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UnicodeEscape? {
        guard var code = hexQuad(bytes, at: index) else { return nil }
        var length = 4
        let next = index + 4
        let pairFollows =
            next + 2 <= bytes.count && bytes[next] == UInt8(ascii: "\\") && bytes[next + 1] == UInt8(ascii: "u")
        if (0xD800..<0xDC00).contains(code), pairFollows, let low = hexQuad(bytes, at: next + 2),
            (0xDC00..<0xE000).contains(low)
        {
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
            length = 10
        }
        let scalar = Unicode.Scalar(code) ?? "\u{FFFD}"
        return UnicodeEscape(utf8: Array(String(scalar).utf8), length: length)
    }

    /// Appends `text` as a string literal: quotes, backslashes and control characters escaped, the rest as UTF-8.
    package static func appendLiteral(_ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): output.append(contentsOf: [UInt8(ascii: "\\"), byte])
            case 0x0A: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case ..<0x20:
                output.append(contentsOf: Array("\\u00".utf8))
                output.append(contentsOf: [hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]])
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private static func hexQuad(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt32? {
        guard index >= 0, index + 4 <= bytes.count else { return nil }
        var code: UInt32 = 0
        for offset in 0..<4 {
            guard let digit = hexDigitValue(bytes[index + offset]) else { return nil }
            code = code << 4 | UInt32(digit)
        }
        return code
    }
}
