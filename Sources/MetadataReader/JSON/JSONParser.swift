import Dispatch
import JSONSyntax
import MetadataModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Parses JSON (RFC 8259) into a `JSONValue` tree that knows the line and column of every value.
///
/// Columns count characters (UTF-8 scalars), from 1. Nesting is bounded, so hostile input cannot
/// exhaust the stack. The first syntax error ends the parse: the document is then not read at all.
///
/// Unchecked: a parser exists only inside `parse`, whose bytes it borrows read-only; the two halves of a large array
/// each parse from their own copy, in a `concurrentPerform` that returns before the bytes are let go.
package struct JSONParser: @unchecked Sendable {
    /// A syntax error: what was wrong, and where.
    package struct SyntaxError: Error {
        package var message: String
        package var location: SourceLocation
    }

    /// Deeper nesting than any metadata document needs is refused rather than risking the stack.
    static let maximumDepth = 512

    /// The document's bytes, borrowed for the parse: reading them costs a debug build (the build plugin's tool) no
    /// reference counting, as an array would.
    private let bytes: UnsafeBufferPointer<UInt8>
    private let path: String
    /// The path as every value made records it.
    private let document: DocumentPath
    private let halvesThreshold: Int
    private var index = 0
    /// The number of members of the object last closed at each depth: the next object there reserves as many, as the
    /// objects at one depth (an entity's attributes, a label's languages) tend to have alike.
    private var memberCounts: [Int] = []
    /// Member names and string values read before: a document of entity definitions repeats a few dozen names longer
    /// than a small string half a million times, and values such as `@odata.type` tens of thousands of times.
    private var names = SharedStrings(slots: 256)
    private var values = SharedStrings(slots: 1024)
    private var line = 1
    private var column = 1

    private init(bytes: UnsafeBufferPointer<UInt8>, path: String, halvesThreshold: Int) {
        self.bytes = bytes
        self.path = path
        document = DocumentPath(path)
        self.halvesThreshold = halvesThreshold
    }

    /// The document's single value; a UTF-8 byte-order mark is skipped. Arrays near the top with more than
    /// `halvesThreshold` bytes after their start are parsed in two halves at once, to the same tree.
    package static func parse(_ bytes: [UInt8], path: String, halvesThreshold: Int = Self.halvesThreshold)
        throws(SyntaxError) -> JSONValue
    {
        let result = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(SyntaxError) -> JSONValue in
                var parser = JSONParser(bytes: buffer, path: path, halvesThreshold: halvesThreshold)
                if buffer.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
                parser.skipWhitespace()
                guard parser.peek != nil else {
                    throw SyntaxError(
                        message: "the file is empty",
                        location: SourceLocation(file: path, line: 1, column: 1)
                    )
                }
                let value = try parser.value(depth: 0)
                parser.skipWhitespace()
                if let byte = parser.peek {
                    throw parser.error("unexpected \(Self.describe(byte)) after the end of the document's value")
                }
                return value
            }
        }
        return try result.get()
    }

    /// The root array of `bytes` parsed in two halves, or nil when the halves did not both succeed and meet (for tests:
    /// `parse` then parses in one piece).
    package static func rootArrayInHalves(_ bytes: [UInt8], path: String) -> JSONValue? {
        bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(bytes: buffer, path: path, halvesThreshold: 0)
            parser.skipWhitespace()
            let start = parser.position
            guard parser.peek == UInt8(ascii: "["), let elements = parser.inHalves(depth: 0) else { return nil }
            parser.skipWhitespace()
            return parser.peek == nil ? Self.value(.array(elements), of: parser.document, at: start) : nil
        }
    }

    // MARK: - Position

    /// A line and column in the document: what the parser notes as it goes, a location only for an error or a value.
    private struct Position {
        var line: Int
        var column: Int
    }

    // `mutating` so that a debug build (the build plugin's tool) reads them in place, where it copies the parser, and
    // retains what it holds, for a nonmutating getter.
    private var position: Position { mutating get { Position(line: line, column: column) } }

    private var peek: UInt8? { mutating get { index < bytes.count ? bytes[index] : nil } }

    private func error(_ message: String, at position: Position? = nil) -> SyntaxError {
        let position = position ?? Position(line: line, column: column)
        return SyntaxError(
            message: message,
            location: SourceLocation(file: path, line: position.line, column: position.column)
        )
    }

    private func endOfFile(inside container: String, openedAt start: Position) -> SyntaxError {
        error("the file ends inside the \(container) opened at \(start.line):\(start.column)")
    }

    private mutating func advance() {
        let byte = bytes[index]
        index += 1
        Self.move(&line, &column, over: byte, before: peek)
    }

    /// How a byte moves the line and column: a line feed, or a carriage return not before one, starts a line; a UTF-8
    /// continuation byte belongs to the character before it; any other byte is a character. Written with comparisons
    /// of literals, which a debug build (the build plugin's tool) runs inline, where a `switch` calls `~=` per case.
    @inline(__always) private static func move(
        _ line: inout Int,
        _ column: inout Int,
        over byte: UInt8,
        before next: UInt8?
    ) {
        if byte >= 0x20 {
            if byte & 0xC0 != 0x80 { column += 1 }
        } else if byte == 0x0A || (byte == 0x0D && next != 0x0A) {  // "\n", or "\r" not before "\n"
            line += 1
            column = 1
        } else if byte != 0x0D {
            column += 1
        }
    }

    private mutating func skipWhitespace() {
        var (index, line, column) = (self.index, self.line, self.column)
        while index < bytes.count {
            // Eight spaces at once where there are eight: an indented document's lines start with runs of them.
            if index + 8 <= bytes.count, let base = bytes.baseAddress,
                UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) == 0x2020_2020_2020_2020
            {
                index += 8
                column += 8
                continue
            }
            let byte = bytes[index]
            index += 1
            if byte == 0x20 {  // A space, most white space of an indented document: a column.
                column += 1
                continue
            }
            guard byte == 0x09 || byte == 0x0A || byte == 0x0D else {
                index -= 1
                break
            }
            Self.move(&line, &column, over: byte, before: index < bytes.count ? bytes[index] : nil)
        }
        (self.index, self.line, self.column) = (index, line, column)
    }

    /// `'x'` for a printable ASCII character, else its code.
    private static func describe(_ byte: UInt8) -> String {
        if (0x21...0x7E).contains(byte) { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "character 0x\(String(byte, radix: 16, uppercase: true))"
    }

    // MARK: - Values

    private static func value(_ kind: JSONValue.Kind, of document: DocumentPath, at start: Position) -> JSONValue {
        JSONValue(kind: kind, document: document, line: start.line, column: start.column)
    }

    private mutating func value(depth: Int) throws(SyntaxError) -> JSONValue {
        skipWhitespace()
        let start = position
        guard let byte = peek else { throw error("the file ends where a value was expected") }
        guard depth < Self.maximumDepth else { throw error("values are nested more than \(Self.maximumDepth) deep") }
        switch byte {
        case UInt8(ascii: "{"): return Self.value(try object(depth: depth), of: document, at: start)
        case UInt8(ascii: "["): return Self.value(try array(depth: depth), of: document, at: start)
        case UInt8(ascii: "\""): return Self.value(.string(try string(isName: false)), of: document, at: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return Self.value(.number(try number()), of: document, at: start)
        case UInt8(ascii: "t"):
            try literal("true")
            return Self.value(.bool(true), of: document, at: start)
        case UInt8(ascii: "f"):
            try literal("false")
            return Self.value(.bool(false), of: document, at: start)
        case UInt8(ascii: "n"):
            try literal("null")
            return Self.value(.null, of: document, at: start)
        default: throw error("expected a value, found \(Self.describe(byte))")
        }
    }

    private mutating func object(depth: Int) throws(SyntaxError) -> JSONValue.Kind {
        let start = position
        advance()  // {
        var members: [JSONMember] = []
        skipWhitespace()
        if peek == UInt8(ascii: "}") {
            advance()
            return .object([])
        }
        members.reserveCapacity(depth < memberCounts.count ? memberCounts[depth] : 0)
        var comma: Position?
        while true {
            skipWhitespace()
            guard let byte = peek else { throw endOfFile(inside: "object", openedAt: start) }
            if byte == UInt8(ascii: "}"), let comma {
                throw error("trailing comma before '}' (JSON allows none)", at: comma)
            }
            guard byte == UInt8(ascii: "\"") else {
                throw error("expected a member name in quotes, found \(Self.describe(byte))")
            }
            let keyStart = position
            let key = try string(isName: true)
            skipWhitespace()
            guard let colon = peek else { throw endOfFile(inside: "object", openedAt: start) }
            guard colon == UInt8(ascii: ":") else {
                throw error("expected ':' after the member name \"\(key)\", found \(Self.describe(colon))")
            }
            advance()
            let member = try value(depth: depth + 1)
            members.append(JSONMember(key: key, value: member, keyLine: keyStart.line, keyColumn: keyStart.column))
            skipWhitespace()
            guard let next = peek else { throw endOfFile(inside: "object", openedAt: start) }
            switch next {
            case UInt8(ascii: ","):
                comma = position
                advance()
            case UInt8(ascii: "}"):
                advance()
                if depth >= memberCounts.count {
                    memberCounts += repeatElement(0, count: depth + 1 - memberCounts.count)
                }
                memberCounts[depth] = members.count
                return .object(members)
            default: throw error("expected ',' or '}' after the member \"\(key)\", found \(Self.describe(next))")
            }
        }
    }

    private mutating func array(depth: Int) throws(SyntaxError) -> JSONValue.Kind {
        if depth <= 1, bytes.count - index > halvesThreshold, let elements = inHalves(depth: depth) {
            return .array(elements)
        }
        let start = position
        advance()  // [
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek == UInt8(ascii: "]") {
            advance()
            return .array([])
        }
        var comma: Position?
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
                comma = position
                advance()
            case UInt8(ascii: "]"):
                advance()
                return .array(elements)
            default: throw error("expected ',' or ']' after an array element, found \(Self.describe(next))")
            }
        }
    }

    // MARK: - A large array in two halves

    /// An array near the top (the `value` of a Web API response) with more bytes than this after its start is parsed
    /// in two halves at once.
    package static let halvesThreshold = 8 << 20

    /// The elements of the array at `index`, parsed in two halves on two cores: the first from the start to the first
    /// comma between elements past about the middle, the second from that comma, found by a scan that follows strings
    /// and nesting and counts lines and columns as `advance` does. Nil when either half fails or they disagree on where
    /// they meet: the parse then runs again in one piece, which reports the document's first error.
    private mutating func inHalves(depth: Int) -> [JSONValue]? {
        // The second half scans the first before parsing (about five times faster than parsing it): it gets less.
        let target = index + (bytes.count - index) * 8 / 15
        let halves = Halves()
        let whole = self
        DispatchQueue.concurrentPerform(iterations: 2) { part in
            var parser = whole
            if part == 0 {
                parser.advance()  // [
                guard let (elements, comma) = try? parser.elements(depth: depth, stoppingAfter: target), let comma
                else { return }
                halves.store(first: (elements, comma))
            } else {
                guard let (comma, line, column) = parser.meetingPoint(after: target) else { return }
                parser.index = comma + 1
                parser.line = line
                parser.column = column
                guard let (elements, end) = try? parser.elements(depth: depth, stoppingAfter: nil), end == nil else {
                    return
                }
                halves.store(second: (elements, comma), parser: parser)
            }
        }
        guard let (first, second, parser) = halves.result, first.comma == second.comma else { return nil }
        self = parser
        return first.elements + second.elements
    }

    /// Array elements from `index` (after `[` or a comma): up to and past the closing `]` (comma nil), or up to the
    /// first comma between elements at or after `target`, returned, with `index` past it.
    private mutating func elements(depth: Int, stoppingAfter target: Int?) throws(SyntaxError) -> (
        elements: [JSONValue], comma: Int?
    ) {
        var elements: [JSONValue] = []
        while true {
            skipWhitespace()
            guard let byte = peek, byte != UInt8(ascii: "]") else { throw error("expected an array element") }
            elements.append(try value(depth: depth + 1))
            skipWhitespace()
            switch peek {
            case UInt8(ascii: ","):
                let comma = index
                advance()
                if let target, comma >= target { return (elements, comma) }
            case UInt8(ascii: "]"):
                advance()
                return (elements, nil)
            default: throw error("expected ',' or ']' after an array element")
            }
        }
    }

    /// The first comma between elements of the array at `index` at or after `target`, and the line and column just
    /// past it; nil when the array ends first. The comma is found first, skipping runs of spaces and the insides of
    /// strings eight bytes at a time; lines and columns are then counted over the bytes up to it as `advance` counts
    /// them.
    private func meetingPoint(after target: Int) -> (comma: Int, line: Int, column: Int)? {
        guard let base = bytes.baseAddress,
            let comma = Self.comma(in: base, from: index, to: bytes.count, after: target)
        else { return nil }
        let (line, column) = Self.move(
            line,
            column,
            over: UnsafeBufferPointer(start: base + index, count: comma + 1 - index)
        )
        return (comma, line, column)
    }

    /// The first comma at depth one at or after `target` in `base[start..<end]`, which begins inside an array; nil
    /// when the array ends first. Bytes as literals, which a debug build compares inline: 0x22 '"', 0x5C '\\',
    /// 0x5B '[', 0x7B '{', 0x5D ']', 0x7D '}', 0x2C ','.
    private static func comma(in base: UnsafePointer<UInt8>, from start: Int, to end: Int, after target: Int) -> Int? {
        var depth = 0
        var position = start
        while position < end {
            // Eight spaces at once: an indented document is nearly half spaces.
            if position + 8 <= end, word(base, at: position) == 0x2020_2020_2020_2020 {
                position += 8
                continue
            }
            let byte = base[position]
            if byte == 0x22 {
                position = closingQuote(in: base, from: position + 1, to: end)
            } else if byte == 0x5B || byte == 0x7B {
                depth += 1
            } else if byte == 0x5D || byte == 0x7D {
                depth -= 1
                if depth == 0 { return nil }
            } else if byte == 0x2C, depth == 1, position >= target {
                return position
            }
            position += 1
        }
        return nil
    }

    /// The position of the quote that closes the string whose contents start at `start` (or `end`): eight bytes at a
    /// time up to the next quote or backslash; an escape's backslash takes the byte after it along.
    private static func closingQuote(in base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
        var position = start
        while position < end {
            if position + 8 <= end {
                let word = word(base, at: position)
                let special = zeroBytes(word ^ 0x2222_2222_2222_2222) | zeroBytes(word ^ 0x5C5C_5C5C_5C5C_5C5C)
                if special == 0 {
                    position += 8
                    continue
                }
                position += special.trailingZeroBitCount / 8
            }
            if base[position] == 0x22 { return position }
            position += base[position] == 0x5C ? 2 : 1
        }
        return end
    }

    /// The line and column after `text`, from `line` and `column` before it, moved as `move(_:_:over:before:)` moves
    /// them byte by byte. Text without a carriage return is counted eight bytes at a time: its line feeds, then the
    /// characters after the last of them.
    private static func move(_ line: Int, _ column: Int, over text: UnsafeBufferPointer<UInt8>) -> (
        line: Int, column: Int
    ) {
        guard let base = text.baseAddress else { return (line, column) }
        var lineFeeds = 0
        var carriageReturns: UInt64 = 0
        var position = 0
        while position + 8 <= text.count {
            let word = word(base, at: position)
            lineFeeds += zeroBytes(word ^ 0x0A0A_0A0A_0A0A_0A0A).nonzeroBitCount
            carriageReturns |= zeroBytes(word ^ 0x0D0D_0D0D_0D0D_0D0D)
            position += 8
        }
        for byte in text[position...] {
            if byte == 0x0A { lineFeeds += 1 }
            if byte == 0x0D { carriageReturns = 1 }
        }
        guard carriageReturns == 0 else {
            var (line, column) = (line, column)
            for index in text.indices {
                move(&line, &column, over: text[index], before: index + 1 < text.count ? text[index + 1] : nil)
            }
            return (line, column)
        }
        let lastLineStart = lineFeeds == 0 ? 0 : (text.lastIndex(of: 0x0A) ?? -1) + 1
        let characters = text[lastLineStart...].reduce(0) { $0 + ($1 & 0xC0 != 0x80 ? 1 : 0) }
        return lineFeeds == 0 ? (line, column + characters) : (line + lineFeeds, 1 + characters)
    }

    /// The eight bytes at `position`, the first in the lowest bits.
    @inline(__always) private static func word(_ base: UnsafePointer<UInt8>, at position: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
    }

    /// The high bit of each zero byte of `word`, and no other bit.
    @inline(__always) private static func zeroBytes(_ word: UInt64) -> UInt64 {
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        return ~(((word & low) &+ low) | word | low)
    }

    private mutating func literal(_ word: String) throws(SyntaxError) {
        let start = position
        for byte in word.utf8 {
            guard peek == byte else { throw error("invalid literal: expected '\(word)'", at: start) }
            advance()
        }
    }

    private mutating func number() throws(SyntaxError) -> String {
        let start = position
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
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[first..<index]), as: UTF8.self)
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

    /// A member name (`isName`) or a string value; one written without escapes is the one read before with the same
    /// bytes, where there was one.
    private mutating func string(isName: Bool) throws(SyntaxError) -> String {
        let start = position
        advance()  // "
        var text: [UInt8] = []
        while true {
            let (end, characters) = Self.plainRun(in: bytes, from: index)
            if end > index {
                if text.isEmpty, end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
                    let run = UnsafeBufferPointer(rebasing: bytes[index..<end])
                    let plain = isName ? names.string(run) : values.string(run)
                    index = end + 1
                    column += characters + 1
                    return plain
                }
                text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<end]))
                index = end
                column += characters
            }
            guard let byte = peek else { throw endOfFile(inside: "string", openedAt: start) }
            switch byte {
            case UInt8(ascii: "\""):
                advance()
                return String(decoding: text, as: UTF8.self)
            case UInt8(ascii: "\\"):
                let escape = position
                advance()
                guard let code = peek else { throw endOfFile(inside: "string", openedAt: start) }
                advance()
                if let byte = JSONString.byte(escapedBy: code) {
                    text.append(byte)
                } else if code == UInt8(ascii: "u") {
                    let decoded = JSONString.unicodeEscape(in: bytes, at: index)
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

    /// The end of the run of bytes from `start` that a string holds as they are (no quote, backslash or control
    /// character), and the characters in it: the bytes that are not UTF-8 continuation bytes, as `advance` counts.
    private static func plainRun(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (end: Int, characters: Int) {
        var end = start
        var characters = 0
        while end < bytes.count {
            let byte = bytes[end]
            if byte == 0x22 || byte == 0x5C || byte < 0x20 { break }  // '"', '\\', a control character
            if byte & 0xC0 != 0x80 { characters += 1 }
            end += 1
        }
        return (end, characters)
    }
}

/// What the two halves of a large array hand back, each written once from its own thread; a serial queue guards them.
private final class Halves: @unchecked Sendable {
    typealias Half = (elements: [JSONValue], comma: Int)
    private var first: Half?
    private var second: (half: Half, parser: JSONParser)?
    private let queue = DispatchQueue(label: "mobilesdkgen.json-halves")

    func store(first half: Half) { queue.sync { first = half } }

    func store(second half: Half, parser: JSONParser) { queue.sync { second = (half, parser) } }

    /// Both halves and the parser's state after the second, when both succeeded.
    var result: (first: Half, second: Half, parser: JSONParser)? {
        queue.sync {
            guard let first, let second else { return nil }
            return (first, second.half, second.parser)
        }
    }
}

/// Strings read before, by a hash of their bytes, one per slot: a string read again with the same bytes shares the
/// storage of the one before, where a string longer than a small string (15 bytes) would take an allocation of its own.
private struct SharedStrings {
    private var strings: [String?]
    private let shift: UInt64

    /// A table of `slots` strings, a power of two.
    init(slots: Int) {
        strings = Array(repeating: nil, count: slots)
        shift = UInt64(64 - slots.trailingZeroBitCount)
    }

    /// The string of the UTF-8 `text`: the one held for it, or a new one that is then held.
    mutating func string(_ text: UnsafeBufferPointer<UInt8>) -> String {
        guard text.count > 15, let base = text.baseAddress else { return String(decoding: text, as: UTF8.self) }
        let head = UnsafeRawPointer(base).loadUnaligned(as: UInt64.self)
        let tail = UnsafeRawPointer(base).loadUnaligned(fromByteOffset: text.count - 8, as: UInt64.self)
        let slot = Int(
            truncatingIfNeeded: ((head &* 31 &+ tail ^ UInt64(text.count)) &* 0x9E37_79B9_7F4A_7C15) >> shift
        )
        // Compared with `memcmp`, which a debug build (the build plugin's tool) runs as fast as a release build.
        if let held = strings[slot],
            held.utf8.withContiguousStorageIfAvailable({ held in
                held.count == text.count && held.baseAddress.map { memcmp($0, base, text.count) == 0 } == true
            }) == true
        {
            return held
        }
        let string = String(decoding: text, as: UTF8.self)
        strings[slot] = string
        return string
    }
}
