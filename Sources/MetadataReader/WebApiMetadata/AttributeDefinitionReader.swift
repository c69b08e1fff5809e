import MetadataModel

/// Reads one attribute of an entity definition's `Attributes` — an `AttributeMetadata` or one of its derived types,
/// named by `@odata.type` — into the property the entity metadata XML reader produces for the same attribute.
struct AttributeDefinitionReader {
    let context: ReadContext
    /// Whether an attribute without `@odata.type` has its type told by its `AttributeTypeName`: the complex types of
    /// `RetrieveMetadataChanges` leave out the type of attributes that have one (entity definitions never do).
    var infersMissingTypes = false

    /// The attribute metadata types of the Web API (`Microsoft.Dynamics.CRM` namespace) that the model knows.
    static let knownTypes: Set<String> = [
        "AttributeMetadata", "BigIntAttributeMetadata", "BooleanAttributeMetadata", "DateTimeAttributeMetadata",
        "DecimalAttributeMetadata", "DoubleAttributeMetadata", "EntityNameAttributeMetadata", "EnumAttributeMetadata",
        "FileAttributeMetadata", "ImageAttributeMetadata", "IntegerAttributeMetadata", "LookupAttributeMetadata",
        "ManagedPropertyAttributeMetadata", "MemoAttributeMetadata", "MoneyAttributeMetadata",
        "MultiSelectPicklistAttributeMetadata", "PicklistAttributeMetadata", "StateAttributeMetadata",
        "StatusAttributeMetadata", "StringAttributeMetadata", "UniqueIdentifierAttributeMetadata",
    ]

    /// The attribute metadata type of each `AttributeTypeName` that has one of its own.
    static let typesByName: [String: String] = [
        "BigIntType": "BigIntAttributeMetadata", "BooleanType": "BooleanAttributeMetadata",
        "CustomerType": "LookupAttributeMetadata", "DateTimeType": "DateTimeAttributeMetadata",
        "DecimalType": "DecimalAttributeMetadata", "DoubleType": "DoubleAttributeMetadata",
        "EntityNameType": "EntityNameAttributeMetadata", "FileType": "FileAttributeMetadata",
        "ImageType": "ImageAttributeMetadata", "IntegerType": "IntegerAttributeMetadata",
        "LookupType": "LookupAttributeMetadata", "ManagedPropertyType": "ManagedPropertyAttributeMetadata",
        "MemoType": "MemoAttributeMetadata", "MoneyType": "MoneyAttributeMetadata",
        "MultiSelectPicklistType": "MultiSelectPicklistAttributeMetadata", "OwnerType": "LookupAttributeMetadata",
        "PicklistType": "PicklistAttributeMetadata", "StateType": "StateAttributeMetadata",
        "StatusType": "StatusAttributeMetadata", "StringType": "StringAttributeMetadata",
        "UniqueidentifierType": "UniqueIdentifierAttributeMetadata",
    ]

    func property(_ object: WebAPIObject) -> Property? {
        guard let logicalName = object.string("LogicalName") else {
            context.error("attribute metadata has no LogicalName", at: object.location)
            return nil
        }
        // The collection's own type, AttributeMetadata, carries no @odata.type; derived types do.
        let inferred =
            infersMissingTypes ? object.wrappedValue("AttributeTypeName").flatMap { Self.typesByName[$0] } : nil
        let metadataType = object.odataType ?? inferred ?? "AttributeMetadata"
        guard Self.knownTypes.contains(metadataType) else {
            let type = object.string("@odata.type") ?? metadataType
            context.warning(
                "skipped attribute '\(logicalName)': unsupported attribute metadata type '\(type)'",
                at: object.location
            )
            return nil
        }
        var attribute = DynamicsAttribute(
            logicalName: logicalName,
            metadataType: metadataType,
            location: object.location
        )
        attribute.schemaName = object.string("SchemaName")
        attribute.attributeType = object.string("AttributeType")
        attribute.attributeTypeName = object.wrappedValue("AttributeTypeName")
        attribute.displayName = object.label("DisplayName")
        attribute.description = object.label("Description")
        attribute.requiredLevel = object.wrappedValue("RequiredLevel")
        attribute.isPrimaryID = object.flag("IsPrimaryId")
        attribute.isPrimaryName = object.flag("IsPrimaryName")
        attribute.isValidForCreate = object.flag("IsValidForCreate")
        attribute.isValidForRead = object.flag("IsValidForRead")
        attribute.isValidForUpdate = object.flag("IsValidForUpdate")
        attribute.isCustomAttribute = object.flag("IsCustomAttribute")
        attribute.attributeOf = object.string("AttributeOf")
        attribute.maxLength = object.integer("MaxLength")
        attribute.minValue = object.scalarText("MinValue")
        attribute.maxValue = object.scalarText("MaxValue")
        attribute.precision = object.integer("Precision")
        attribute.format = object.wrappedValue("Format")
        attribute.dateTimeBehavior = object.wrappedValue("DateTimeBehavior")
        attribute.targets = object.strings("Targets")
        attribute.defaultValue = object.scalarText("DefaultValue") ?? object.scalarText("DefaultFormValue")
        // `$expand=OptionSet,GlobalOptionSet` gives both for an attribute of a global option set; they are the same.
        if let optionSet = object.object("OptionSet") ?? object.object("GlobalOptionSet") {
            attribute.optionSet = OptionSetDefinitionReader(context: context).optionSet(optionSet)
        }
        return AttributeReader(context: context).property(for: attribute)
    }
}
