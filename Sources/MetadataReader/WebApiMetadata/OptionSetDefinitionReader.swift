import MetadataModel

/// Reads the Web API's `OptionSetMetadata` and `BooleanOptionSetMetadata` (an attribute's expanded `OptionSet` or
/// `GlobalOptionSet`, or an item of `GlobalOptionSetDefinitions`) into the option set the XML reader produces.
struct OptionSetDefinitionReader {
    let context: ReadContext

    func optionSet(_ object: WebAPIObject) -> DynamicsOptionSet {
        let isBoolean = object.odataType == "BooleanOptionSetMetadata" || object.member("TrueOption") != nil
        let kind = object.string("OptionSetType") ?? (isBoolean ? "Boolean" : "Picklist")
        var set = DynamicsOptionSet(kind: kind, name: object.string("Name"), location: object.location)
        set.isGlobal = object.flag("IsGlobal") ?? false
        set.displayName = object.label("DisplayName")
        set.description = object.label("Description")
        if isBoolean {
            set.options = ["FalseOption", "TrueOption"].compactMap { object.object($0) }.compactMap(context.option)
        } else {
            set.options = object.objects("Options").compactMap(context.option)
        }
        return set
    }
}
