import MetadataModel

/// The configuration's renames, looked up by the names a type or member goes by (case-insensitively), recording what
/// each one matched so that renames matching nothing are reported and `inspect` can show them.
final class RenameTable {
    /// One rename: its section (`types`, `properties`, `enumCases`), its key as written, and the Swift name.
    struct Rename {
        var section: String
        var key: String
        var name: String
        /// `section.key`, as locations are recorded.
        var id: String { section + "." + key }
    }

    private let types: [String: Rename]
    private let properties: [String: Rename]
    private let enumCases: [String: Rename]
    /// What each rename matched, by id, in the order matched.
    private(set) var matches: [(id: String, what: String)] = []
    /// The ids of renames already reported as errors: their names are not used.
    var refused: Set<String> = []

    init(_ renames: GeneratorConfiguration.Renames) {
        func table(_ section: String, _ entries: [String: String]) -> [String: Rename] {
            Dictionary(
                entries.map { ($0.key.lowercased(), Rename(section: section, key: $0.key, name: $0.value)) },
                uniquingKeysWith: { first, second in first.key < second.key ? first : second }
            )
        }
        types = table("types", renames.types)
        properties = table("properties", renames.properties)
        enumCases = table("enumCases", renames.enumCases)
    }

    /// Whether any rename is of a property, or of an enum case.
    var renamesProperties: Bool { !properties.isEmpty }
    var renamesEnumCases: Bool { !enumCases.isEmpty }

    /// Every rename, sorted by id.
    var all: [Rename] { (Array(types.values) + properties.values + enumCases.values).sorted { $0.id < $1.id } }

    /// The rename of a type known by any of `names`; records the match as `what`.
    func type(_ names: [String], what: @autoclosure () -> String) -> Rename? { find(in: types, names, what: what) }

    /// The rename of a member (one of `members`) of a type known by any of `owners`.
    func property(owners: [String], members: [String], what: @autoclosure () -> String) -> Rename? {
        find(in: properties, owners.flatMap { owner in members.map { owner + "." + $0 } }, what: what)
    }

    /// The rename of an enum case (one of `members`) of an enum or option set known by any of `owners`.
    func enumCase(owners: [String], members: [String], what: @autoclosure () -> String) -> Rename? {
        find(in: enumCases, owners.flatMap { owner in members.map { owner + "." + $0 } }, what: what)
    }

    /// The renames nothing matched, sorted by id.
    var unmatched: [Rename] {
        let matched = Set(matches.map(\.id))
        return all.filter { !matched.contains($0.id) }
    }

    private func find(in table: [String: Rename], _ candidates: [String], what: () -> String) -> Rename? {
        guard !table.isEmpty, let rename = candidates.lazy.compactMap({ table[$0.lowercased()] }).first else {
            return nil
        }
        if !matches.contains(where: { $0.id == rename.id }) { matches.append((rename.id, what())) }
        return rename
    }
}
