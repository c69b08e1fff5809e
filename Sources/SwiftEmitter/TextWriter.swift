/// Accumulates lines with indentation.
struct TextWriter {
    private(set) var text = ""
    private var level = 0

    private static let indentation = (0..<16).map { String(repeating: "    ", count: $0) }

    /// Writes `content` at the current indentation; each line of it when it holds line breaks.
    mutating func line(_ content: String) {
        // Split at the bytes: a line feed is a character of its own unless a carriage return comes before it, and
        // comparing characters costs a grapheme break test for each.
        var content = content
        let breaks = content.withUTF8 { bytes in
            var breaks: [Int] = []
            for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
                if index == 0 || bytes[index - 1] != UInt8(ascii: "\r") { breaks.append(index) }
            }
            return breaks
        }
        let utf8 = content.utf8
        var start = utf8.startIndex
        for offset in breaks {
            let end = utf8.index(utf8.startIndex, offsetBy: offset)
            write(content[start..<end])
            start = utf8.index(after: end)
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
