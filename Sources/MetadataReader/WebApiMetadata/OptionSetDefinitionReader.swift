import MetadataModel

/// Reads the Web API's `OptionSetMetadata` and `BooleanOptionSetMetadata` (an attribute's expanded `OptionSet` or
/// `GlobalOptionSet`, or an item of `GlobalOptionSetDefinitions`) into the option set the XML reader produces.
struct OptionSetDefinitionReader {
    let context: ReadContext

    func optionSet(_ object: WebApiObject) -> DynamicsOptionSet {
        let isBoolean = object.odataType == "BooleanOptionSetMetadata" || object.member("TrueOption") != nil
        let kind = object.string("OptionSetType") ?? (isBoolean ? "Boolean" : "Picklist")
        var set = DynamicsOptionSet(kind: kind, name: object.string("Name"), location: object.location)
        set.isGlobal = object.flag("IsGlobal") ?? false
        set.displayName = object.label("DisplayName")
        set.description = object.label("Description")
        if isBoolean {
            set.options = ["FalseOption", "TrueOption"].compactMap { object.object($0) }.compactMap(option)
        } else {
            set.options = object.objects("Options").compactMap(option)
        }
        return set
    }

    /// `OptionMetadata`, `StatusOptionMetadata` (with `State`) or `StateOptionMetadata` (with `DefaultStatus`).
    private func option(_ object: WebApiObject) -> DynamicsOption? {
        guard let value = object.integer("Value") else {
            context.error("option has no integer Value", at: object.location)
            return nil
        }
        var option = DynamicsOption(value: value, location: object.location)
        option.label = object.label("Label")
        option.description = object.label("Description")
        option.color = object.string("Color")
        option.externalValue = object.string("ExternalValue")
        option.state = object.integer("State")
        option.defaultStatus = object.integer("DefaultStatus")
        option.invariantName = object.string("InvariantName")
        return option
    }
}
