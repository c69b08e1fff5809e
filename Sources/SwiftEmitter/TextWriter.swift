/// Accumulates lines with indentation.
struct TextWriter {
    private(set) var text = ""
    private var level = 0

    private static let indentation = (0..<16).map { String(repeating: "    ", count: $0) }

    /// Writes `content` at the current indentation; each line of it when it holds line breaks.
    mutating func line(_ content: String) {
        // Split at the bytes: a line feed is a character of its own unless a carriage return comes before it, and
        // comparing characters costs a grapheme break test for each.
        let bytes = content.utf8
        var start = bytes.startIndex
        var previous: UInt8 = 0
        var index = start
        while index != bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n"), previous != UInt8(ascii: "\r") {
                write(content[start..<index])
                start = bytes.index(after: index)
            }
            previous = byte
            bytes.formIndex(after: &index)
        }
        write(content[start...])
    }

    private mutating func write(_ line: Substring) {
        if !line.isEmpty {
            text += level < Self.indentation.count ? Self.indentation[level] : String(repeating: "    ", count: level)
            text += line
        }
        text += "\n"
    }

    /// The width of the current indentation in characters.
    var indentation: Int { level * 4 }

    mutating func indented(_ body: (inout TextWriter) -> Void) {
        level += 1
        body(&self)
        level -= 1
    }
}
