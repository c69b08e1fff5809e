import Foundation
import JSONSyntax

/// A pull parser over UTF-8 JSON text: the OData decoders ask for the next key or value and convert it straight
/// into attribute values, without building a document tree first.
struct JSONReader {
    /// What the next value is, from its first byte.
    enum Token { case object, array, string, number, bool, null }

    private let bytes: UnsafeBufferPointer<UInt8>
    private(set) var position = 0
    /// How deep objects and arrays nest at most (deeper input is rejected, not recursed into).
    private let maximumDepth = 512
    private var depth = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    // MARK: Structure

    /// The kind of the next value, after skipping whitespace.
    mutating func peek() throws -> Token {
        skipWhitespace()
        guard position < bytes.count else { throw error("unexpected end of JSON text") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
        case UInt8(ascii: "n"): return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        default: throw error("unexpected character '\(Character(UnicodeScalar(bytes[position])))'")
        }
    }

    /// Consumes `{` (after any whitespace); follow with ``nextKey()`` until it returns nil.
    mutating func beginObject() throws {
        skipWhitespace()
        try expect(UInt8(ascii: "{"), "'{'")
        try enter()
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") { return }
        pendingFirst = true
    }

    /// Set by `beginObject`/`beginArray` when a first member or element follows (no separator before it).
    private var pendingFirst = false

    /// The next member's key with its `:` consumed, or nil after consuming the closing `}`.
    mutating func nextKey() throws -> String? {
        switch try nextKeyToken() {
        case .plain(let bytes)?: String(decoding: bytes, as: UTF8.self)
        case .escaped(let key)?: key
        case nil: nil
        }
    }

    /// A member's key: its bytes when it has no escapes (most keys), else the decoded text.
    enum KeyToken {
        case plain(UnsafeBufferPointer<UInt8>)
        case escaped(String)
    }

    /// Like ``nextKey()``, without making a String of a key that has no escapes.
    mutating func nextKeyToken() throws -> KeyToken? {
        guard try advance(closing: UInt8(ascii: "}"), in: "an object") else { return nil }
        skipWhitespace()
        let key: KeyToken
        if let plain = try readPlainStringBytes() { key = .plain(plain) } else { key = .escaped(try readString()) }
        skipWhitespace()
        try expect(UInt8(ascii: ":"), "':'")
        return key
    }

    /// Like ``nextKeyToken()``; a key that is exactly `expected` (a key without escapes) is consumed without looking
    /// for its end first, and said to be the one expected.
    mutating func nextKeyToken(expecting expected: UnsafeBufferPointer<UInt8>) throws -> (
        token: KeyToken, isExpected: Bool
    )? {
        guard try advance(closing: UInt8(ascii: "}"), in: "an object") else { return nil }
        skipWhitespace()
        let end = position + 1 + expected.count
        if end < bytes.count, bytes[position] == UInt8(ascii: "\""), bytes[end] == UInt8(ascii: "\""),
            let base = bytes.baseAddress, let expectedBase = expected.baseAddress,
            memcmp(base + position + 1, expectedBase, expected.count) == 0
        {
            // `expected` holds no backslash, so the quote at `end` closes the key.
            let key = UnsafeBufferPointer(rebasing: bytes[(position + 1)..<end])
            position = end + 1
            skipWhitespace()
            try expect(UInt8(ascii: ":"), "':'")
            return (.plain(key), true)
        }
        let key: KeyToken
        if let plain = try readPlainStringBytes() { key = .plain(plain) } else { key = .escaped(try readString()) }
        skipWhitespace()
        try expect(UInt8(ascii: ":"), "':'")
        return (key, false)
    }

    /// Consumes `[` (after any whitespace); follow with ``nextElement()`` before each element until it returns false.
    mutating func beginArray() throws {
        skipWhitespace()
        try expect(UInt8(ascii: "["), "'['")
        try enter()
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") { return }
        pendingFirst = true
    }

    /// Whether another element follows (its separator consumed); false after consuming the closing `]`.
    mutating func nextElement() throws -> Bool { try advance(closing: UInt8(ascii: "]"), in: "an array") }

    /// Consumes the closing bracket and returns false, or the separator before a member or element (none before
    /// the first) and returns true.
    @inline(__always) private mutating func advance(closing: UInt8, in container: StaticString) throws -> Bool {
        skipWhitespace()
        guard position < bytes.count else { throw error("unexpected end of JSON text in \(container)") }
        if bytes[position] == closing {
            position += 1
            depth -= 1
            pendingFirst = false
            return false
        }
        if pendingFirst {
            pendingFirst = false
        } else {
            try expect(UInt8(ascii: ","), "',' or '\(Character(UnicodeScalar(closing)))'")
        }
        return true
    }

    private mutating func enter() throws {
        depth += 1
        guard depth <= maximumDepth else { throw error("JSON nests deeper than \(maximumDepth) levels") }
    }

    /// Fails unless only whitespace remains.
    mutating func expectEnd() throws {
        skipWhitespace()
        guard position == bytes.count else { throw error("unexpected text after the JSON value") }
    }

    // MARK: Scalars

    /// Consumes `null` and returns true, or returns false leaving anything else.
    mutating func readNull() throws -> Bool {
        guard try peek() == .null else { return false }
        try literal("null")
        return true
    }

    mutating func readBool() throws -> Bool {
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "t") {
            try literal("true")
            return true
        }
        guard position < bytes.count, bytes[position] == UInt8(ascii: "f") else {
            throw error("expected true or false")
        }
        try literal("false")
        return false
    }

    /// A string value.
    mutating func readString() throws -> String {
        skipWhitespace()
        try expect(UInt8(ascii: "\""), "a string")
        let start = position
        skipPlainBytes()
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
                position += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { return try readEscapedString(from: start) }
            if byte < 0x20 { throw error("control character in a string") }
            position += 1
        }
        throw error("unterminated string")
    }

    /// The bytes of a string value without escapes (GUIDs, dates, numbers sent as strings); nil when it has escapes,
    /// leaving the reader where it was.
    mutating func readPlainStringBytes() throws -> UnsafeBufferPointer<UInt8>? {
        skipWhitespace()
        try expect(UInt8(ascii: "\""), "a string")
        let start = position
        skipPlainBytes()
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return UnsafeBufferPointer(rebasing: bytes[start..<(position - 1)])
            }
            if byte == UInt8(ascii: "\\") {
                position = start - 1
                return nil
            }
            if byte < 0x20 { throw error("control character in a string") }
            position += 1
        }
        throw error("unterminated string")
    }

    /// Moves past the bytes of a string that need no look, eight at a time: none is a quote, a backslash or a
    /// control character. Stops at or before the first that is.
    @inline(__always) private mutating func skipPlainBytes() {
        guard let base = bytes.baseAddress else { return }
        // Each byte of these is 0x01, 0x80, `"`, `\` and 0x20.
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quotes: UInt64 = 0x2222_2222_2222_2222
        let backslashes: UInt64 = 0x5C5C_5C5C_5C5C_5C5C
        let spaces: UInt64 = 0x2020_2020_2020_2020
        while position + 8 <= bytes.count {
            let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)
            let quote = word ^ quotes
            let backslash = word ^ backslashes
            // A byte is zero in `quote` or `backslash`, or below 0x20 in `word`, exactly when its high bit is set
            // here (bytes of 0x80 and above stay clear through `~word`).
            let found = ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((word &- spaces) & ~word)
            if found & highs != 0 { return }
            position += 8
        }
    }

    private mutating func readEscapedString(from start: Int) throws -> String {
        var scalars = Array(UnsafeBufferPointer(rebasing: bytes[start..<position]))
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\""): return String(decoding: scalars, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard position < bytes.count else { throw error("unterminated string") }
                let escape = bytes[position]
                position += 1
                if let byte = JSONString.byte(escapedBy: escape) {
                    scalars.append(byte)
                } else if escape == UInt8(ascii: "u") {
                    guard let decoded = JSONString.unicodeEscape(in: bytes, at: position) else {
                        throw error(position + 4 > bytes.count ? "truncated \\u escape" : "invalid \\u escape")
                    }
                    scalars += decoded.utf8
                    position += decoded.length
                } else {
                    throw error("invalid escape '\\\(Character(UnicodeScalar(escape)))'")
                }
            default:
                if byte < 0x20 { throw error("control character in a string") }
                scalars.append(byte)
            }
        }
        throw error("unterminated string")
    }

    /// The bytes of a number value, checked against the JSON number grammar.
    mutating func readNumberBytes() throws -> UnsafeBufferPointer<UInt8> {
        skipWhitespace()
        let start = position
        if position < bytes.count, bytes[position] == UInt8(ascii: "-") { position += 1 }
        let integerStart = position
        let integerDigits = digits()
        guard integerDigits > 0 else { throw error("expected a number") }
        // JSON allows no leading zeros: `0`, `0.5`, but not `01`.
        guard integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0") else {
            position = integerStart
            throw error("a number cannot start with 0")
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard digits() > 0 else { throw error("expected digits after '.'") }
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard digits() > 0 else { throw error("expected digits in an exponent") }
        }
        return UnsafeBufferPointer(rebasing: bytes[start..<position])
    }

    private mutating func digits() -> Int {
        let start = position
        while position < bytes.count, bytes[position] &- UInt8(ascii: "0") < 10 { position += 1 }
        return position - start
    }

    /// Skips one value of any kind.
    mutating func skipValue() throws {
        switch try peek() {
        case .object:
            try beginObject()
            while try nextKey() != nil { try skipValue() }
        case .array:
            try beginArray()
            while try nextElement() { try skipValue() }
        case .string: if try readPlainStringBytes() == nil { _ = try readString() }
        case .number: _ = try readNumberBytes()
        case .bool: _ = try readBool()
        case .null: _ = try readNull()
        }
    }

    /// The next value in the JSON data model.
    mutating func readUntyped() throws -> UntypedValue {
        switch try peek() {
        case .object:
            var members: [String: UntypedValue] = [:]
            try beginObject()
            while let key = try nextKey() { members[key] = try readUntyped() }
            return .object(members)
        case .array:
            var elements: [UntypedValue] = []
            try beginArray()
            while try nextElement() { elements.append(try readUntyped()) }
            return .array(elements)
        case .string: return .string(try readString())
        case .number:
            let text = try readNumberBytes()
            guard let number = EdmText.decimal(text) else { throw error("number out of range") }
            return .number(number)
        case .bool: return .bool(try readBool())
        case .null:
            _ = try readNull()
            return .null
        }
    }

    // MARK: Errors

    /// A ``JSONPayloadError`` at the current position.
    func error(_ message: String) -> JSONPayloadError {
        var line = 1
        var column = 1
        for byte in bytes[..<min(position, bytes.count)] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return JSONPayloadError(message: message, line: line, column: column)
    }

    // MARK: Lexing

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    private mutating func expect(_ byte: UInt8, _ what: @autoclosure () -> String) throws {
        guard position < bytes.count, bytes[position] == byte else { throw error("expected \(what())") }
        position += 1
    }

    private mutating func literal(_ text: StaticString) throws {
        let count = text.utf8CodeUnitCount
        guard position + count <= bytes.count else { throw error("unexpected end of JSON text") }
        let expected = UnsafeBufferPointer(start: text.utf8Start, count: count)
        for index in 0..<count where bytes[position + index] != expected[index] { throw error("expected \(text)") }
        position += count
    }
}
