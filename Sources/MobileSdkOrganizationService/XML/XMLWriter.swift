/// Writes XML text: elements in namespaces by prefix, attributes and text, every value escaped. The one way this
/// library writes XML; nothing is pasted into markup.
struct XMLWriter {
    private(set) var text = ""
    /// Open elements, innermost last, with whether each has content yet.
    private var open: [(name: String, hasContent: Bool)] = []

    /// Starts `prefix:name` (or `name`) with `attributes` (names as written, such as `i:type` or `xmlns:a`).
    mutating func start(_ name: String, _ attributes: KeyValuePairs<String, String> = [:]) {
        start(name, attributeList: attributes.map { ($0.key, $0.value) })
    }

    /// Starts `name` with attributes given as a list.
    mutating func start(_ name: String, attributeList attributes: [(String, String)]) {
        closeStartTag()
        text += "<" + name
        for (attribute, value) in attributes {
            text += " " + attribute + "=\"" + Self.escaped(value, quote: true) + "\""
        }
        open.append((name, false))
    }

    /// Text content, escaped.
    mutating func text(_ value: String) {
        closeStartTag()
        text += Self.escaped(value, quote: false)
    }

    /// Ends the innermost element: `/>` when it has no content.
    mutating func end() {
        guard let element = open.popLast() else { return }
        if element.hasContent { text += "</" + element.name + ">" } else { text += "/>" }
    }

    /// `<name attributes>value</name>`.
    mutating func element(_ name: String, _ attributes: KeyValuePairs<String, String> = [:], value: String) {
        start(name, attributes)
        text(value)
        end()
    }

    private mutating func closeStartTag() {
        guard let last = open.indices.last, !open[last].hasContent else { return }
        text += ">"
        open[last].hasContent = true
    }

    /// `value` with `&`, `<`, `>` (and in attributes `"`) escaped, and characters XML 1.0 cannot hold (controls other
    /// than tab, newline and carriage return; lone surrogates cannot occur in a Swift string) written as the
    /// replacement character. Carriage returns and, in attributes, tabs and newlines become character references so
    /// that a reader's normalization keeps them.
    static func escaped(_ value: String, quote: Bool) -> String {
        var result = ""
        result.reserveCapacity(value.utf8.count)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"" where quote: result += "&quot;"
            case "\r": result += "&#xD;"
            case "\n" where quote: result += "&#xA;"
            case "\t" where quote: result += "&#x9;"
            case "\t", "\n": result.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    result += "\u{FFFD}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
