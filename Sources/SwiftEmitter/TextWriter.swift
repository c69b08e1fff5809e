/// Accumulates lines with indentation.
struct TextWriter {
    private(set) var text = ""
    private var level = 0

    mutating func line(_ content: String) {
        if content.isEmpty {
            text += "\n"
        } else {
            text += String(repeating: "    ", count: level) + content + "\n"
        }
    }

    mutating func indented(_ body: (inout TextWriter) -> Void) {
        level += 1
        body(&self)
        level -= 1
    }
}
