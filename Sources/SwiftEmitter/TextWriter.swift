/// Accumulates lines with indentation.
struct TextWriter {
    private(set) var text = ""
    private var level = 0

    private static let indentation = (0..<16).map { String(repeating: "    ", count: $0) }

    /// Writes `content` at the current indentation; each line of it when it holds line breaks.
    mutating func line(_ content: String) {
        if content.contains("\n") {
            for part in content.split(separator: "\n", omittingEmptySubsequences: false) { line(String(part)) }
            return
        }
        if !content.isEmpty {
            text += level < Self.indentation.count ? Self.indentation[level] : String(repeating: "    ", count: level)
            text += content
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
