import Foundation

/// The line format of the label tables generated code writes as text (``DisplayNameTable``'s `init(text:)` and
/// ``OptionTable``'s `init(text:cases:)`): a `version N` first line, then lines of a first word and `|`-separated
/// labels, each percent-encoded where it holds `%`, `|`, a quote, a backslash or a control character, or starts or
/// ends with white space (`%` alone is the empty label; an empty field, no label). A line starting with a space
/// continues the one before: its leading spaces are dropped and the rest appended as it is.
enum LabelText {
    /// The lines of `text` that are not empty, each with its number (from 1), continuation lines appended. Read as
    /// Unicode scalars: a label may start with a combining mark, which would join a space or `|` before it into one
    /// character.
    static func joinedLines(_ text: String) -> [(number: Int, text: String)] {
        var lines: [(number: Int, text: String)] = []
        for (offset, line) in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where !line.isEmpty {
            if line.first == " ", offset > 0, !lines.isEmpty {
                lines[lines.count - 1].text.unicodeScalars.append(contentsOf: line.drop { $0 == " " })
            } else {
                lines.append((offset + 1, String(Substring(line))))
            }
        }
        return lines
    }

    /// The number of a `version N` line.
    static func version(_ line: String) -> Int? {
        let fields = line.split(separator: " ")
        guard fields.count == 2, fields[0] == "version" else { return nil }
        return Int(fields[1])
    }

    /// A line's first word and what follows the space after it.
    static func split(_ line: String) -> (head: String, rest: Substring) {
        let scalars = line.unicodeScalars
        let space = scalars.firstIndex(of: " ") ?? scalars.endIndex
        let rest = space == scalars.endIndex ? "" : Substring(scalars[scalars.index(after: space)...])
        return (String(Substring(scalars[..<space])), rest)
    }

    /// The `|`-separated labels of a line, nil where one is missing; nil when a label does not decode.
    static func labels(_ text: Substring) -> [String?]? {
        var labels: [String?] = []
        for field in text.unicodeScalars.split(separator: "|", omittingEmptySubsequences: false) {
            if field.isEmpty {
                labels.append(nil)
            } else if field.count == 1, field.first == "%" {
                labels.append("")
            } else {
                guard let label = decoded(Substring(field)) else { return nil }
                labels.append(label)
            }
        }
        return labels
    }

    /// A field without its percent-encoding; nil when it does not decode.
    static func decoded(_ field: Substring) -> String? {
        field.unicodeScalars.contains("%") ? String(field).removingPercentEncoding : String(field)
    }
}
