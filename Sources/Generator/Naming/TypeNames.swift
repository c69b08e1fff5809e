import MetadataModel

/// The Swift name of every generated type, unique across the whole output.
///
/// Names come from the metadata (`UpperCamelCase`, Dynamics schema names where known) with the
/// configured prefix. Collisions are resolved deterministically — entity types first, then
/// complex types, enum types, type definitions and option sets, each in document order: a later
/// type whose name is taken gets its namespace's last segment in front, then a number.
struct TypeNames {
    private(set) var names: [QualifiedName: String] = [:]
    private(set) var optionSetNames: [OptionSetKey: String] = [:]
    private var unique: UniqueNames
    /// Names reserved by renames (lowercased), and those already given to a type.
    private var renamed: Set<String> = []
    private var renamedGiven: Set<String> = []

    /// Names that no type takes: the runtime's, and the registry's (`registryName`).
    init(registryName: String) {
        unique = UniqueNames(reserved: RuntimeContract.reservedTypeNames.union([registryName]))
    }

    /// Identifies an option set: global ones by name, local ones by entity and attribute.
    struct OptionSetKey: Hashable {
        var global: String?
        var entity: QualifiedName?
        var attribute: String?
    }

    /// Claims a name for a model type; returns a note when it had to change.
    mutating func claim(_ type: QualifiedName, preferred: String, prefix: String, location: SourceLocation)
        -> Diagnostic?
    {
        let base = prefix + IdentifierNaming.upperCamelCase(preferred)
        var candidate = base
        if unique.isTaken(base), let segment = type.namespace.split(separator: ".").last {
            candidate =
                prefix + IdentifierNaming.upperCamelCase(String(segment)) + IdentifierNaming.upperCamelCase(preferred)
        }
        let name = unique.claim(candidate).name
        names[type] = name
        return name != base ? .note("type '\(type)' is generated as '\(name)': '\(base)' is taken", at: location) : nil
    }

    /// Claims a name for an option set enum.
    mutating func claim(optionSet key: OptionSetKey, preferred: String, prefix: String, location: SourceLocation)
        -> Diagnostic?
    {
        let base = prefix + IdentifierNaming.upperCamelCase(preferred)
        let (name, changed) = unique.claim(base)
        optionSetNames[key] = name
        return changed
            ? .note(
                "option set '\(key.global ?? preferred)' is generated as '\(name)': '\(base)' is taken",
                at: location
            ) : nil
    }

    /// Reserves a name a rename chose, so that no other type takes it; the reason it cannot be had, if any.
    mutating func reserve(_ name: String) -> String? {
        if renamed.contains(name.lowercased()) { return "another rename chose that name" }
        if unique.isTaken(name) { return "the name is the runtime's or the registry's" }
        _ = unique.claim(name)
        renamed.insert(name.lowercased())
        return nil
    }

    /// Gives a model type (or, with `optionSet`, an option set) the name a rename chose and `reserve` reserved;
    /// false when the name was not reserved or another type already has it.
    mutating func claim(_ type: QualifiedName?, optionSet: OptionSetKey? = nil, renamedTo name: String) -> Bool {
        guard renamed.contains(name.lowercased()), renamedGiven.insert(name.lowercased()).inserted else { return false }
        if let type { names[type] = name }
        if let optionSet { optionSetNames[optionSet] = name }
        return true
    }

    func name(of type: QualifiedName) -> String? { names[type] }

    /// Claims a name for a generated type that stands for no model type (an operation's request).
    mutating func claim(extra preferred: String) -> String { unique.claim(preferred).name }
}
