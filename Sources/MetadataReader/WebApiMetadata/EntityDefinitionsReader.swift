import Dispatch
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
            // Each item on its own reader, on every core; merged in document order, as one reader would have read them.
            for item in Self.readItems(document.objects("value").map(\.value), path: context.path) {
                context.append(contentsOf: item.diagnostics)
                entityTypes += item.entityTypes
                for set in item.globalOptionSets { addGlobal(set) }
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

    /// Reads each item of a `value` array with a reader and context of its own, concurrently.
    private static func readItems(_ items: [JSONValue], path: String) -> [ReadItem] {
        let results = ReadItems(count: items.count)
        DispatchQueue.concurrentPerform(iterations: items.count) { index in
            let context = ReadContext(path: path)
            var reader = EntityDefinitionsReader(context: context)
            let item = WebAPIObject(value: items[index], context: context)
            if isOptionSet(item) {
                reader.addGlobal(OptionSetDefinitionReader(context: context).optionSet(item))
            } else {
                reader.entity(item)
            }
            results.store(
                ReadItem(
                    entityTypes: reader.entityTypes,
                    globalOptionSets: reader.globalOptionSets,
                    diagnostics: context.diagnostics
                ),
                at: index
            )
        }
        return results.all
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

/// What one item of a `value` array read as.
private struct ReadItem: Sendable {
    var entityTypes: [EntityType] = []
    var globalOptionSets: [DynamicsOptionSet] = []
    var diagnostics: [Diagnostic] = []
}

/// The items read concurrently, each stored once from its own thread; a serial queue guards them.
private final class ReadItems: @unchecked Sendable {
    private var items: [ReadItem]
    private let queue = DispatchQueue(label: "mobilesdkgen.entity-definitions")

    init(count: Int) { items = Array(repeating: ReadItem(), count: count) }

    func store(_ item: ReadItem, at index: Int) { queue.sync { items[index] = item } }

    var all: [ReadItem] { queue.sync { items } }
}
