import MetadataModel
import SwiftEmitter

/// Builds `///` comments from labels and descriptions, ending with a `- Remark:` naming the source.
struct DocumentationText {
    private(set) var paragraphs: [String] = []

    /// Adds a paragraph unless it is empty or already there.
    mutating func add(_ text: String?) {
        guard let text = text?.trimmingWhitespace, !text.isEmpty, !paragraphs.contains(text) else { return }
        paragraphs.append(text)
    }

    /// The comment, with `remark` as its last line.
    func documentation(remark: String) -> Documentation {
        var lines: [String] = []
        for paragraph in paragraphs {
            // Trimmed when added: a paragraph of one line is its own line.
            guard paragraph.utf8.contains(UInt8(ascii: "\n")) else {
                lines += [paragraph, ""]
                continue
            }
            lines += paragraph.split(separator: "\n", omittingEmptySubsequences: false)
                .map { String($0).trimmingWhitespace }
            lines.append("")
        }
        lines.append("- Remark: " + remark)
        return Documentation(lines)
    }
}

extension Annotatable {
    /// Summary and description from vocabulary annotations (SAP labels, Core descriptions).
    var documentationText: DocumentationText {
        var text = DocumentationText()
        text.add(displayLabel)
        text.add(coreDescription)
        text.add(longDescription)
        return text
    }
}

extension String {
    var trimmingWhitespace: String {
        // Most text starts and ends with a printable ASCII character other than a space: nothing to trim.
        if let first = utf8.first, let last = utf8.last, (0x21...0x7E).contains(first), (0x21...0x7E).contains(last) {
            return self
        }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
