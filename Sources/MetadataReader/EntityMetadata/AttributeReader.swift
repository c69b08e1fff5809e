import MetadataModel

/// Reads one `AttributeMetadata` element, of any `i:type` subclass, into a property; `property(for:)` also types the
/// attributes of the Web API's entity definitions.
struct AttributeReader {
    let context: ReadContext

    func property(_ node: XMLNode) -> Property? {
        guard let logicalName = node.string("LogicalName") else {
            context.error("attribute metadata has no LogicalName", at: node.location)
            return nil
        }
        let metadataType = node.schemaInstanceType ?? node.name
        var attribute = DynamicsAttribute(logicalName: logicalName, metadataType: metadataType, location: node.location)
        attribute.schemaName = node.string("SchemaName")
        attribute.attributeType = node.string("AttributeType")
        attribute.attributeTypeName = node.wrappedValue("AttributeTypeName")
        attribute.displayName = node.label("DisplayName")
        attribute.description = node.label("Description")
        attribute.requiredLevel = node.wrappedValue("RequiredLevel")
        attribute.isPrimaryID = node.flag("IsPrimaryId")
        attribute.isPrimaryName = node.flag("IsPrimaryName")
        attribute.isValidForCreate = node.flag("IsValidForCreate")
        attribute.isValidForRead = node.flag("IsValidForRead")
        attribute.isValidForUpdate = node.flag("IsValidForUpdate")
        attribute.isCustomAttribute = node.flag("IsCustomAttribute")
        attribute.attributeOf = node.string("AttributeOf")
        attribute.maxLength = node.integer("MaxLength")
        attribute.minValue = node.string("MinValue")
        attribute.maxValue = node.string("MaxValue")
        attribute.precision = node.integer("Precision")
        attribute.format = node.string("Format")
        attribute.dateTimeBehavior = node.wrappedValue("DateTimeBehavior")
        attribute.targets = node.strings("Targets")
        attribute.defaultValue = node.string("DefaultValue") ?? node.string("DefaultFormValue")
        if let optionSet = node.child("OptionSet") {
            attribute.optionSet = OptionSetReader(context: context).optionSet(optionSet)
        }
        return property(for: attribute)
    }

    /// The property of an attribute, whichever document it was read from: typed as the Web API types it, with its
    /// facets and the attribute itself.
    func property(for attribute: DynamicsAttribute) -> Property {
        var property = Property(name: attribute.logicalName, type: edmType(of: attribute), location: attribute.location)
        property.isNullable = attribute.isPrimaryID != true
        if let maxLength = attribute.maxLength, property.type.primitive == .string {
            property.facets.maxLength = .value(maxLength)
        }
        property.facets.precision = property.type.primitive == .decimal ? attribute.precision : nil
        property.dynamics = attribute
        return property
    }

    /// The Edm type the Web API uses for an attribute of this type.
    private func edmType(of attribute: DynamicsAttribute) -> TypeReference {
        let edm = { (name: String) in TypeReference(name: QualifiedName(namespace: "Edm", name: name)) }
        switch attribute.attributeTypeName ?? "" {
        case "MultiSelectPicklistType": return edm("String")
        case "ImageType": return edm("Binary")
        case "FileType": return edm("Guid")
        default: break
        }
        switch attribute.attributeType ?? "" {
        case "String", "Memo", "EntityName": return edm("String")
        case "Integer": return edm("Int32")
        case "BigInt": return edm("Int64")
        case "Decimal", "Money": return edm("Decimal")
        case "Double": return edm("Double")
        case "Boolean", "ManagedProperty": return edm("Boolean")
        case "DateTime": return edm(attribute.dateTimeBehavior == "DateOnly" ? "Date" : "DateTimeOffset")
        case "Lookup", "Customer", "Owner", "Uniqueidentifier": return edm("Guid")
        case "Picklist", "State", "Status": return edm("Int32")
        case "PartyList": return TypeReference(name: QualifiedName(namespace: "Edm", name: "Guid"), isCollection: true)
        case "Virtual", "CalendarRules": break
        default:
            context.warning(
                """
                attribute \(attribute.logicalName) has the unknown attribute type \
                '\(attribute.attributeType ?? "none")'; typed as Edm.Untyped
                """,
                at: attribute.location
            )
        }
        switch attribute.metadataType {
        case "ImageAttributeMetadata": return edm("Binary")
        case "FileAttributeMetadata": return edm("Guid")
        case "MultiSelectPicklistAttributeMetadata": return edm("String")
        default: return edm("Untyped")
        }
    }
}
