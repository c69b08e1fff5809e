import MetadataModel

/// Reads `OptionSetMetadata` and `BooleanOptionSetMetadata` (an attribute's `OptionSet`, or a
/// global option set on its own).
struct OptionSetReader {
    let context: ReadContext

    func optionSet(_ node: XMLNode) -> DynamicsOptionSet? {
        guard !node.isNil else { return nil }
        let isBoolean = node.schemaInstanceType == "BooleanOptionSetMetadata" || node.child("TrueOption") != nil
        var set = DynamicsOptionSet(
            kind: node.string("OptionSetType") ?? (isBoolean ? "Boolean" : "Picklist"),
            name: node.string("Name"),
            location: node.location
        )
        set.isGlobal = node.flag("IsGlobal") ?? false
        set.displayName = node.label("DisplayName")
        set.description = node.label("Description")
        if isBoolean {
            set.options = ["FalseOption", "TrueOption"].compactMap { node.child($0) }.compactMap(option)
        } else {
            set.options = node.child("Options")?.children.compactMap(option) ?? []
        }
        return set
    }

    /// An option; nil for a nil element (`i:nil="true"`).
    private func option(_ node: XMLNode) -> DynamicsOption? { node.isNil ? nil : context.option(node) }
}
