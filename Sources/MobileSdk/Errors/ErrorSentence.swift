/// The user-facing text of the libraries' errors (`LocalizedError.errorDescription`): one sentence, starting with a
/// capital letter and ending with a full stop, whatever the message it was made of.
package enum ErrorSentence {
    /// `text` as a sentence: its first letter capitalized, a full stop added unless it ends with one (or with `?`,
    /// `!` or `…`); empty text stays empty.
    package static func make(_ text: String) -> String {
        let trimmed = text.trimmingWhitespace
        guard let first = trimmed.first else { return "" }
        let capitalized = first.uppercased() + trimmed.dropFirst()
        guard let last = capitalized.last, !".?!…".contains(last) else { return capitalized }
        return capitalized + "."
    }
}

extension String {
    fileprivate var trimmingWhitespace: Substring {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map(index(after:)) ?? start
        return self[start..<end]
    }
}
