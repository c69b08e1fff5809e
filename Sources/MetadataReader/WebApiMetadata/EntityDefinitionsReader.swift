import MetadataModel

/// Reads the Dataverse Web API's entity metadata JSON into the same entity types and global option sets as
/// `EntityMetadataReader` reads from the organization service's XML, so that either merges onto `$metadata` alike.
///
/// A document is the response of `EntityDefinitions?$expand=Attributes,Keys,…` (`{"value": [entity…]}`), of
/// `EntityDefinitions(LogicalName='account')?$expand=…` (one entity), or of `GlobalOptionSetDefinitions`
/// (`{"value": [option set…]}`); entities and global option sets may share one `value` array. The response of the
/// `RetrieveMetadataChanges` function (`{"EntityMetadata": [entity…], "ServerVersionStamp": …}`, with the complex
/// types `ComplexEntityMetadata` and `Complex…AttributeMetadata`) reads as the same entities.
struct EntityDefinitionsReader {
    let context: ReadContext
    private(set) var entityTypes: [EntityType] = []
    /// Global option sets, by name, in the order first met.
    private(set) var globalOptionSets: [DynamicsOptionSet] = []
    private var globalOptionSetNames: Set<String> = []

    init(context: ReadContext) { self.context = context }

    /// Reads the document's root; false when it is not entity definitions at all.
    mutating func read(_ root: JSONValue) -> Bool {
        guard root.isObject else { return false }
        let document = WebAPIObject(value: root, context: context)
        if let context = document.string("@odata.context"), context.contains("/Attributes") {
            // `EntityDefinitions(…)/Attributes/…`: attributes without their entity, which the model cannot place.
            self.context.error(
                "a response listing attributes ('\(context)') is not read on its own; "
                    + "give the EntityDefinitions response with $expand=Attributes",
                at: root.location
            )
            return true
        }
        if root["EntityMetadata"] != nil {
            for item in document.objects("EntityMetadata") { entity(item, fromFunction: true) }
            return true
        }
        if root["value"] != nil {
            for item in document.objects("value") {
                if Self.isOptionSet(item) {
                    addGlobal(OptionSetDefinitionReader(context: context).optionSet(item))
                } else {
                    entity(item)
                }
            }
            return true
        }
        if Self.isOptionSet(document) {
            addGlobal(OptionSetDefinitionReader(context: context).optionSet(document))
            return true
        }
        guard root["LogicalName"] != nil || root["Attributes"] != nil else { return false }
        entity(document)
        return true
    }

    private static func isOptionSet(_ object: WebAPIObject) -> Bool {
        if let type = object.odataType { return type.hasSuffix("OptionSetMetadata") || type == "OptionSetMetadataBase" }
        return object.value["OptionSetType"] != nil && object.value["Attributes"] == nil
    }

    /// Reads one entity; `fromFunction` for the complex types of `RetrieveMetadataChanges`.
    private mutating func entity(_ object: WebAPIObject, fromFunction: Bool = false) {
        guard let logicalName = object.string("LogicalName") else {
            context.error("entity metadata has no LogicalName", at: object.location)
            return
        }
        var type = EntityType(name: logicalName, location: object.location)
        var info = DynamicsEntity(logicalName: logicalName, location: object.location)
        info.schemaName = object.string("SchemaName")
        info.entitySetName = object.string("EntitySetName")
        info.logicalCollectionName = object.string("LogicalCollectionName")
        info.objectTypeCode = object.integer("ObjectTypeCode")
        info.primaryIDAttribute = object.string("PrimaryIdAttribute")
        info.primaryNameAttribute = object.string("PrimaryNameAttribute")
        info.primaryImageAttribute = object.string("PrimaryImageAttribute")
        info.displayName = object.label("DisplayName")
        info.displayCollectionName = object.label("DisplayCollectionName")
        info.description = object.label("Description")
        info.isActivity = object.flag("IsActivity")
        info.isCustomEntity = object.flag("IsCustomEntity")
        info.ownershipType = object.wrappedValue("OwnershipType")
        info.keys = object.objects("Keys")
            .compactMap { key in
                guard let logicalName = key.string("LogicalName") else { return nil }
                var entityKey = DynamicsKey(
                    logicalName: logicalName,
                    schemaName: key.string("SchemaName"),
                    attributes: key.strings("KeyAttributes")
                )
                entityKey.displayName = key.label("DisplayName")
                return entityKey
            }
        let attributes = AttributeDefinitionReader(context: context, infersMissingTypes: fromFunction)
        for attribute in object.objects("Attributes") {
            guard let property = attributes.property(attribute) else { continue }
            if let set = property.dynamics?.optionSet, set.isGlobal { addGlobal(set) }
            type.properties.append(property)
        }
        // In document order, as the XML reader meets them.
        let kinds: [String: DynamicsRelationship.Kind] = [
            "OneToManyRelationships": .oneToMany, "ManyToOneRelationships": .manyToOne,
            "ManyToManyRelationships": .manyToMany,
        ]
        for member in object.value.members {
            guard let kind = kinds[member.key] else { continue }
            info.relationships += object.objects(member.key).compactMap { context.relationship($0, kind: kind) }
        }
        type.dynamics = info
        if let id = info.primaryIDAttribute, type.properties.contains(where: { $0.name == id }) {
            type.key = [PropertyRef(name: id, location: type.location)]
        }
        entityTypes.append(type)
    }

    private mutating func addGlobal(_ set: DynamicsOptionSet) {
        guard let name = set.name, globalOptionSetNames.insert(name).inserted else { return }
        var set = set
        set.isGlobal = true
        globalOptionSets.append(set)
    }
}
