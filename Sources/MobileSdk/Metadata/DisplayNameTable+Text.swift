import Foundation

extension DisplayNameTable {
    /// The versions of the text format `init(text:)` reads.
    static let textFormatVersions: ClosedRange<Int> = 1...1

    /// Display names written compactly, as generated code writes them: the format's version first (`version 1`),
    /// then the languages, the table's singular and plural names, and a line per column, by storage name —
    ///
    ///     version 1
    ///     languages en-US|de-DE
    ///     entity Account|Firma
    ///     collection Accounts|Firmen
    ///     revenue: Annual Revenue|Jahresumsatz
    ///     statecode: Status
    ///
    /// Names are separated by `|`, in the order of the languages; an empty one has no name in its language (the base
    /// language's shows), and those missing at the end of a line are left out. A name is percent-encoded where it
    /// holds `%`, `|`, a quote, a backslash or a control character, and where it starts or ends with white space;
    /// `%` alone is the empty name. A storage name is percent-encoded where it holds any of these, white space or `:`.
    /// A line starting with a space continues the one before: its leading spaces are dropped and the rest appended as
    /// it is.
    ///
    /// One string literal per class type-checks in time proportional to its lines, where a call with an array per
    /// column took a tenth of a second for a large table. Display names are never essential: a line this runtime
    /// cannot read is skipped, and a version it does not read gives no table at all; nothing stops the program.
    @_spi(Generated) public init?(text: String) {
        guard let table = Self.read(text).table else { return nil }
        self = table
    }

    /// The table `text` holds and the lines (from 1, the version's) that could not be read and were skipped; no table
    /// when the first line is not a version this runtime reads.
    static func read(_ text: String) -> (table: DisplayNameTable?, skipped: [Int]) {
        let lines = LabelText.joinedLines(text)
        guard let first = lines.first, first.number == 1, let version = LabelText.version(first.text),
            textFormatVersions.contains(version)
        else { return (nil, []) }
        var languages: [String]?
        var entity: [String?]?
        var collection: [String?]?
        var columns: [(String, [String?])] = []
        var skipped: [Int] = []
        for line in lines.dropFirst() {
            let (head, rest) = LabelText.split(line.text)
            guard let names = LabelText.labels(rest) else {
                skipped.append(line.number)
                continue
            }
            switch head {
            case "languages" where languages == nil:
                let tags = names.compactMap { $0 }
                guard tags.count == names.count else {
                    skipped.append(line.number)
                    continue
                }
                languages = tags
            case "entity" where entity == nil: entity = names
            case "collection" where collection == nil: collection = names
            default:
                guard head.hasSuffix(":"), let name = LabelText.decoded(head.dropLast()), !name.isEmpty else {
                    skipped.append(line.number)
                    continue
                }
                columns.append((name, names))
            }
        }
        let count = languages?.count ?? 0
        // Names left out at the end of a line are missing in those languages.
        func padded(_ names: [String?]) -> [String?] {
            names.count < count ? names + Array(repeating: nil, count: count - names.count) : names
        }
        let table = DisplayNameTable(
            languages: LabelLanguages(languages ?? []),
            entity: padded(entity ?? []),
            collection: padded(collection ?? []),
            columns: Dictionary(columns.map { ($0.0, padded($0.1)) }, uniquingKeysWith: { first, _ in first })
        )
        return (table, skipped)
    }
}
