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
        let lines = joinedLines(text)
        guard let first = lines.first, first.number == 1, let version = version(first.text),
            textFormatVersions.contains(version)
        else { return (nil, []) }
        var languages: [String]?
        var entity: [String?]?
        var collection: [String?]?
        var columns: [(String, [String?])] = []
        var skipped: [Int] = []
        for line in lines.dropFirst() {
            let scalars = line.text.unicodeScalars
            let space = scalars.firstIndex(of: " ") ?? scalars.endIndex
            let head = String(Substring(scalars[..<space]))
            let rest = space == scalars.endIndex ? "" : Substring(scalars[scalars.index(after: space)...])
            guard let names = names(rest) else {
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
                guard head.hasSuffix(":"), let name = decoded(head.dropLast()), !name.isEmpty else {
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

    /// The lines of `text` that are not empty, each with its number (from 1), continuation lines appended. Read as
    /// Unicode scalars: a name may start with a combining mark, which would join a space or `|` before it into one
    /// character.
    private static func joinedLines(_ text: String) -> [(number: Int, text: String)] {
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
    private static func version(_ line: String) -> Int? {
        let fields = line.split(separator: " ")
        guard fields.count == 2, fields[0] == "version" else { return nil }
        return Int(fields[1])
    }

    /// The `|`-separated names of a line, nil where one is missing; nil when a name does not decode.
    private static func names(_ text: Substring) -> [String?]? {
        var names: [String?] = []
        for field in text.unicodeScalars.split(separator: "|", omittingEmptySubsequences: false) {
            if field.isEmpty {
                names.append(nil)
            } else if field.count == 1, field.first == "%" {
                names.append("")
            } else {
                guard let name = decoded(Substring(field)) else { return nil }
                names.append(name)
            }
        }
        return names
    }

    private static func decoded(_ field: Substring) -> String? {
        field.unicodeScalars.contains("%") ? String(field).removingPercentEncoding : String(field)
    }
}
