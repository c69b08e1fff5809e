extension OptionTable {
    /// The versions of the text format `init(text:cases:)` reads.
    static var textFormatVersions: ClosedRange<Int> { 1...1 }

    /// The options written compactly, as generated code writes them: a text whose first line is the format's version
    /// (`version 1`), then the labels' languages when there are several, then a line per option with its value and
    /// its labels, and the options' cases in the same order, the metadata's —
    ///
    ///     version 1
    ///     languages en-US|de-DE
    ///     1: Any|Beliebig
    ///     2: Email|E-Mail
    ///
    /// Labels are written as a display-name table's names (``DisplayNameTable``'s `init(text:)`): separated by `|` in
    /// the order of the languages, an empty one for no label in its language, those missing at the end left out,
    /// percent-encoded where the format or a string literal would give a character a meaning of its own.
    ///
    /// One string literal per option set type-checks and compiles in a fraction of the time a call with a tuple of
    /// a case, a value and an array of labels per option takes. A line this runtime cannot read leaves its case out
    /// of the table, as a value the metadata did not list; nothing stops the program.
    @_spi(Generated) public init(text: String, cases: [Option]) {
        let lines = LabelText.joinedLines(text)
        guard let first = lines.first, first.number == 1, let version = LabelText.version(first.text),
            Self.textFormatVersions.contains(version)
        else {
            self.init(languages: nil, [])
            return
        }
        var optionLines = lines.dropFirst()
        var languages: [String]?
        if let line = optionLines.first {
            let (head, rest) = LabelText.split(line.text)
            if head == "languages", let tags = LabelText.labels(rest), !tags.contains(nil) {
                languages = tags.compactMap { $0 }
                optionLines = optionLines.dropFirst()
            }
        }
        var options: [(Option, Int32, [String?])] = []
        for (option, line) in zip(cases, optionLines) {
            let (head, rest) = LabelText.split(line.text)
            guard head.hasSuffix(":"), let value = Int32(head.dropLast()), let labels = LabelText.labels(rest) else {
                continue
            }
            options.append((option, value, labels))
        }
        self.init(languages: languages, options)
    }
}
