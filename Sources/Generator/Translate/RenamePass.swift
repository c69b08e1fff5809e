import MetadataModel

extension GenerationContext {
    /// Where a rename is written in the configuration file.
    func location(of rename: RenameTable.Rename) -> SourceLocation {
        configuration.renames.locations[rename.id] ?? .file("configuration renames")
    }

    /// Reports renames whose new name is not a Swift identifier, and claims the type names of the others before any
    /// type is named: a renamed type keeps its name, others make way. A type name the runtime or another rename
    /// takes is an error.
    func claimRenamedTypeNames() {
        for rename in renames.all {
            guard IdentifierNaming.sanitized(rename.name) == rename.name, !rename.name.isEmpty else {
                renames.refused.insert(rename.id)
                error(
                    "rename '\(rename.key)' to '\(rename.name)': the new name is not a Swift identifier",
                    at: location(of: rename)
                )
                continue
            }
            guard rename.section == "types" else { continue }
            if let reason = typeNames.reserve(rename.name) {
                renames.refused.insert(rename.id)
                error("rename '\(rename.key)' to '\(rename.name)': \(reason)", at: location(of: rename))
            }
        }
    }

    /// Warns about renames that matched nothing generated, after translation.
    func reportUnmatchedRenames() {
        for rename in renames.unmatched {
            warning(
                "rename '\(rename.key)' in \(rename.section) matches nothing that is generated; it is skipped",
                at: location(of: rename)
            )
        }
    }

    /// The renamed members of a type, by the members' metadata names, claimed in `names` before the other members are
    /// named; a new name already taken (by the runtime, an inherited member or another rename) is an error.
    /// `members` are each member's metadata names (the first is its key) and how to describe it, listed only when
    /// the configuration renames members of that kind (most do not, and this is asked of every type).
    func claimRenamedMembers(
        owners: [String],
        members: @autoclosure () -> [(names: [String], what: String)],
        enumCases: Bool = false,
        in typeName: String,
        names: inout UniqueNames
    ) -> [String: String] {
        guard enumCases ? renames.renamesEnumCases : renames.renamesProperties else { return [:] }
        var renamed: [String: String] = [:]
        for member in members() {
            guard let key = member.names.first,
                let rename = enumCases
                    ? renames.enumCase(owners: owners, members: member.names, what: member.what)
                    : renames.property(owners: owners, members: member.names, what: member.what),
                !renames.refused.contains(rename.id)
            else { continue }
            guard !names.isTaken(rename.name) else {
                error(
                    """
                    rename '\(rename.key)' to '\(rename.name)': \(typeName) already has a member named \
                    '\(rename.name)' (the runtime's, an inherited one or another rename)
                    """,
                    at: location(of: rename)
                )
                continue
            }
            _ = names.claim(rename.name)
            renamed[key] = rename.name
        }
        return renamed
    }
}
