import MobileSdk

/// JSON text for the page builder's own members.
enum JSONText {
    /// `text` as a JSON string literal, escaped as the runtime's encoder escapes it.
    static func string(_ text: String) -> String {
        var writer = JSONWriter()
        writer.string(text)
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}
