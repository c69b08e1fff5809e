/// The text of a generated option table, in the format `OptionTable.init(text:cases:)` of the runtime reads: the
/// format's version, the languages when the labels are in several, then a line per option with its value and its
/// labels, separated and encoded as a display-name table's names (`DisplayNameTableText`); lines longer than `width`
/// characters go on continuation lines.
struct OptionTableText {
    /// The labels' languages; nil for one label per option, in the language the metadata was read in.
    var languages: [String]?
    /// Each option's value and labels, in the metadata's order.
    var options: [(value: Int, labels: [String?])]

    /// The content of a table line, not counting the literal's indentation, which is a display-name table's.
    static let width = DisplayNameTableText.width

    /// The table's lines, continuation lines indented.
    var lines: [String] {
        let line = DisplayNameTableText.line
        var lines = ["\(RuntimeContract.propertyTableVersionKeyword) \(RuntimeContract.optionTableVersion)"]
        if let languages { lines.append(line(RuntimeContract.DisplayNameTableLine.languages.rawValue, languages)) }
        lines += options.map { line("\($0.value):", $0.labels) }
        return lines.flatMap { DisplayNameTableText.wrapped($0, width: Self.width) }
    }
}
