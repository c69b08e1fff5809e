/// Accumulates lines with indentation.
struct TextWriter {
    private(set) var text = ""
    private var level = 0

    private static let indentation = (0..<16).map { String(repeating: "    ", count: $0) }

    mutating func line(_ content: String) {
        if !content.isEmpty {
            text += level < Self.indentation.count ? Self.indentation[level] : String(repeating: "    ", count: level)
            text += content
        }
        text += "\n"
    }

    mutating func indented(_ body: (inout TextWriter) -> Void) {
        level += 1
        body(&self)
        level -= 1
    }
}
