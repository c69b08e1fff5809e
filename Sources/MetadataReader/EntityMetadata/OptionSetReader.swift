import MetadataModel

/// Reads `OptionSetMetadata` and `BooleanOptionSetMetadata` (an attribute's `OptionSet`, or a
/// global option set on its own).
struct OptionSetReader {
    let context: ReadContext

    func optionSet(_ node: XMLNode) -> DynamicsOptionSet? {
        guard !node.isNil else { return nil }
        let isBoolean = node.schemaInstanceType == "BooleanOptionSetMetadata" || node.child("TrueOption") != nil
        var set = DynamicsOptionSet(kind: node.string("OptionSetType") ?? (isBoolean ? "Boolean" : "Picklist"), name: node.string("Name"), location: node.location)
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

    private func option(_ node: XMLNode) -> DynamicsOption? {
        guard !node.isNil else { return nil }
        guard let value = node.integer("Value") else {
            context.error("option has no integer Value", at: node.location)
            return nil
        }
        var option = DynamicsOption(value: value, location: node.location)
        option.label = node.label("Label")
        option.description = node.label("Description")
        option.color = node.string("Color")
        option.externalValue = node.string("ExternalValue")
        option.state = node.integer("State")
        option.defaultStatus = node.integer("DefaultStatus")
        option.invariantName = node.string("InvariantName")
        return option
    }
}
