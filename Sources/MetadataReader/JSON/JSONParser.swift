import JSONSyntax
import MetadataModel

/// Parses JSON (RFC 8259) into a `JSONValue` tree that knows the line and column of every value.
///
/// Columns count characters (UTF-8 scalars), from 1. Nesting is bounded, so hostile input cannot
/// exhaust the stack. The first syntax error ends the parse: the document is then not read at all.
package struct JSONParser {
    /// A syntax error: what was wrong, and where.
    package struct SyntaxError: Error {
        package var message: String
        package var location: SourceLocation
    }

    /// Deeper nesting than any metadata document needs is refused rather than risking the stack.
    static let maximumDepth = 512

    private let bytes: [UInt8]
    private let path: String
    private var index = 0
    private var line = 1
    private var column = 1

    private init(bytes: [UInt8], path: String) {
        self.bytes = bytes
        self.path = path
    }

    /// The document's single value; a UTF-8 byte-order mark is skipped.
    package static func parse(_ bytes: [UInt8], path: String) throws(SyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: bytes, path: path)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        parser.skipWhitespace()
        guard parser.peek != nil else {
            throw SyntaxError(message: "the file is empty", location: SourceLocation(file: path, line: 1, column: 1))
        }
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        if let byte = parser.peek {
            throw parser.error("unexpected \(Self.describe(byte)) after the end of the document's value")
        }
        return value
    }

    // MARK: - Position

    private var location: SourceLocation { SourceLocation(file: path, line: line, column: column) }

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    private func error(_ message: String, at location: SourceLocation? = nil) -> SyntaxError {
        SyntaxError(message: message, location: location ?? self.location)
    }

    private func endOfFile(inside container: String, openedAt start: SourceLocation) -> SyntaxError {
        error("the file ends inside the \(container) opened at \(start.line):\(start.column)")
    }

    private mutating func advance() {
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\n"):
            line += 1
            column = 1
        case UInt8(ascii: "\r"):
            if peek != UInt8(ascii: "\n") {
                line += 1
                column = 1
            }
        case 0x80...0xBF: break  // a continuation byte: the same character
        default: column += 1
        }
    }

    private mutating func skipWhitespace() {
        while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { advance() }
    }

    /// `'x'` for a printable ASCII character, else its code.
    private static func describe(_ byte: UInt8) -> String {
        if (0x21...0x7E).contains(byte) { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "character 0x\(String(byte, radix: 16, uppercase: true))"
    }

    // MARK: - Values

    private mutating func value(depth: Int) throws(SyntaxError) -> JSONValue {
        skipWhitespace()
        let start = location
        guard let byte = peek else { throw error("the file ends where a value was expected") }
        guard depth < Self.maximumDepth else { throw error("values are nested more than \(Self.maximumDepth) deep") }
        switch byte {
        case UInt8(ascii: "{"): return JSONValue(kind: try object(depth: depth), location: start)
        case UInt8(ascii: "["): return JSONValue(kind: try array(depth: depth), location: start)
        case UInt8(ascii: "\""): return JSONValue(kind: .string(try string()), location: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONValue(kind: .number(try number()), location: start)
        case UInt8(ascii: "t"):
            try literal("true")
            return JSONValue(kind: .bool(true), location: start)
        case UInt8(ascii: "f"):
            try literal("false")
            return JSONValue(kind: .bool(false), location: start)
        case UInt8(ascii: "n"):
            try literal("null")
            return JSONValue(kind: .null, location: start)
        default: throw error("expected a value, found \(Self.describe(byte))")
        }
    }

    private mutating func object(depth: Int) throws(SyntaxError) -> JSONValue.Kind {
        let start = location
        advance()  // {
        var members: [JSONMember] = []
        skipWhitespace()
        if peek == UInt8(ascii: "}") {
            advance()
            return .object([])
        }
        var comma: SourceLocation?
        while true {
            skipWhitespace()
            guard let byte = peek else { throw endOfFile(inside: "object", openedAt: start) }
            if byte == UInt8(ascii: "}"), let comma {
                throw error("trailing comma before '}' (JSON allows none)", at: comma)
            }
            guard byte == UInt8(ascii: "\"") else {
                throw error("expected a member name in quotes, found \(Self.describe(byte))")
            }
            let keyLocation = location
            let key = try string()
            skipWhitespace()
            guard let colon = peek else { throw endOfFile(inside: "object", openedAt: start) }
            guard colon == UInt8(ascii: ":") else {
                throw error("expected ':' after the member name \"\(key)\", found \(Self.describe(colon))")
            }
            advance()
            members.append(JSONMember(key: key, value: try value(depth: depth + 1), keyAt: keyLocation))
            skipWhitespace()
            guard let next = peek else { throw endOfFile(inside: "object", openedAt: start) }
            switch next {
            case UInt8(ascii: ","):
                comma = location
                advance()
            case UInt8(ascii: "}"):
                advance()
                return .object(members)
            default: throw error("expected ',' or '}' after the member \"\(key)\", found \(Self.describe(next))")
            }
        }
    }

    private mutating func array(depth: Int) throws(SyntaxError) -> JSONValue.Kind {
        let start = location
        advance()  // [
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek == UInt8(ascii: "]") {
            advance()
            return .array([])
        }
        var comma: SourceLocation?
        while true {
            skipWhitespace()
            if peek == UInt8(ascii: "]"), let comma {
                throw error("trailing comma before ']' (JSON allows none)", at: comma)
            }
            guard peek != nil else { throw endOfFile(inside: "array", openedAt: start) }
            elements.append(try value(depth: depth + 1))
            skipWhitespace()
            guard let next = peek else { throw endOfFile(inside: "array", openedAt: start) }
            switch next {
            case UInt8(ascii: ","):
                comma = location
                advance()
            case UInt8(ascii: "]"):
                advance()
                return .array(elements)
            default: throw error("expected ',' or ']' after an array element, found \(Self.describe(next))")
            }
        }
    }

    private mutating func literal(_ word: String) throws(SyntaxError) {
        let start = location
        for byte in word.utf8 {
            guard peek == byte else { throw error("invalid literal: expected '\(word)'", at: start) }
            advance()
        }
    }

    private mutating func number() throws(SyntaxError) -> String {
        let start = location
        let first = index
        if peek == UInt8(ascii: "-") { advance() }
        let integerStart = index
        let integerDigits = digits()
        // One or more digits, without a leading zero.
        guard integerDigits > 0, integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0") else {
            throw error("invalid number", at: start)
        }
        if peek == UInt8(ascii: ".") {
            advance()
            guard digits() > 0 else { throw error("invalid number: expected digits after '.'", at: start) }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            advance()
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { advance() }
            guard digits() > 0 else { throw error("invalid number: expected digits in the exponent", at: start) }
        }
        return String(decoding: bytes[first..<index], as: UTF8.self)
    }

    /// Consumes decimal digits; returns how many.
    private mutating func digits() -> Int {
        var count = 0
        while let byte = peek, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
            advance()
            count += 1
        }
        return count
    }

    private mutating func string() throws(SyntaxError) -> String {
        let start = location
        advance()  // "
        var text: [UInt8] = []
        while true {
            guard let byte = peek else { throw endOfFile(inside: "string", openedAt: start) }
            switch byte {
            case UInt8(ascii: "\""):
                advance()
                return String(decoding: text, as: UTF8.self)
            case UInt8(ascii: "\\"):
                let escape = location
                advance()
                guard let code = peek else { throw endOfFile(inside: "string", openedAt: start) }
                advance()
                if let byte = JSONString.byte(escapedBy: code) {
                    text.append(byte)
                } else if code == UInt8(ascii: "u") {
                    let decoded = bytes.withUnsafeBufferPointer { JSONString.unicodeEscape(in: $0, at: index) }
                    guard let decoded else {
                        throw error("invalid \\u escape: expected four hexadecimal digits", at: escape)
                    }
                    text += decoded.utf8
                    for _ in 0..<decoded.length { advance() }
                } else {
                    throw error("invalid escape '\\\(Character(Unicode.Scalar(code)))' in a string", at: escape)
                }
            case 0x00..<0x20:
                throw error("unescaped control character 0x\(String(byte, radix: 16, uppercase: true)) in a string")
            default:
                text.append(byte)
                advance()
            }
        }
    }
}
