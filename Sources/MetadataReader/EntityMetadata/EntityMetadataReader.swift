import MetadataModel

/// Streams Dynamics organization-service entity metadata (the `EntityMetadata` data contract)
/// into entity types, wherever the entities sit: an `ArrayOfEntityMetadata`, a single
/// `EntityMetadata`, or the values of a serialized dictionary.
///
/// Each attribute and relationship is captured and translated on its own, so memory stays in
/// proportion to the model.
final class EntityMetadataReader: XMLStreamHandler {
    private enum Frame {
        /// Looking for entities.
        case search(XMLNode)
        case entity
        case attributes
        case relationships(DynamicsRelationship.Kind)
    }

    let context: ReadContext
    /// The namespace the entity types are put in, as in the Dataverse Web API.
    static let namespace = "Microsoft.Dynamics.CRM"
    private(set) var entityTypes: [EntityType] = []
    /// Global option sets, by name, in the order first met.
    private(set) var globalOptionSets: [DynamicsOptionSet] = []
    private var globalOptionSetNames: Set<String> = []
    private var frames: [Frame] = []
    private var entity: EntityType?

    init(context: ReadContext) { self.context = context }

    func start(_ node: XMLNode, depth: Int) -> ElementDisposition {
        switch frames.last {
        case nil:
            frames.append(.search(node))
            return .descend
        case .search(let parent):
            if node.namespace == .xrmMetadata
                && (node.name == "EntityMetadata" || node.schemaInstanceType == "EntityMetadata")
            {
                beginEntity(at: node)
                return .descend
            }
            if isOptionSet(node) { return .capture }
            if node.namespace == .xrmMetadata && entity == nil {
                // The parent holds an entity's members directly (a dictionary value).
                frames[frames.count - 1] = .entity
                beginEntity(at: parent, replacingFrame: true)
                return startEntityMember(node)
            }
            frames.append(.search(node))
            return .descend
        case .entity: return startEntityMember(node)
        case .attributes, .relationships: return .capture
        }
    }

    func end(_ node: XMLNode, depth: Int) {
        if case .entity = frames.popLast(), var entity {
            entity.dynamics?.location = entity.location
            entityTypes.append(entity)
            self.entity = nil
        }
    }

    func captured(_ node: XMLNode, depth: Int) {
        switch frames.last {
        case .search: if let set = OptionSetReader(context: context).optionSet(node) { addGlobal(set) }
        case .entity: readEntityMember(node)
        case .attributes:
            guard let property = AttributeReader(context: context).property(node) else { return }
            if let set = property.dynamics?.optionSet, set.isGlobal { addGlobal(set) }
            entity?.properties.append(property)
        case .relationships(let kind):
            if let relationship = context.relationship(node, kind: kind) {
                entity?.dynamics?.relationships.append(relationship)
            }
        case nil: break
        }
    }

    // MARK: - Entities

    private func isOptionSet(_ node: XMLNode) -> Bool {
        let type = node.schemaInstanceType ?? node.name
        return node.namespace == .xrmMetadata
            && (type.hasSuffix("OptionSetMetadata") || type == "OptionSetMetadataBase")
    }

    private func beginEntity(at node: XMLNode, replacingFrame: Bool = false) {
        if !replacingFrame { frames.append(.entity) }
        var type = EntityType(name: "", location: node.location)
        type.dynamics = DynamicsEntity(logicalName: "", location: node.location)
        entity = type
    }

    private func startEntityMember(_ node: XMLNode) -> ElementDisposition {
        switch node.name {
        case "Attributes":
            frames.append(.attributes)
            return .descend
        case "OneToManyRelationships":
            frames.append(.relationships(.oneToMany))
            return .descend
        case "ManyToOneRelationships":
            frames.append(.relationships(.manyToOne))
            return .descend
        case "ManyToManyRelationships":
            frames.append(.relationships(.manyToMany))
            return .descend
        case "Privileges", "Settings": return .skip
        default: return .capture
        }
    }

    private func readEntityMember(_ node: XMLNode) {
        guard var type = entity, var info = type.dynamics else { return }
        switch node.name {
        case "LogicalName":
            info.logicalName = node.value ?? ""
            type.name = info.logicalName
        case "SchemaName": info.schemaName = node.value
        case "EntitySetName": info.entitySetName = node.value
        case "LogicalCollectionName": info.logicalCollectionName = node.value
        case "ObjectTypeCode": info.objectTypeCode = node.value.flatMap { Int($0) }
        case "PrimaryIdAttribute": info.primaryIDAttribute = node.value
        case "PrimaryNameAttribute": info.primaryNameAttribute = node.value
        case "PrimaryImageAttribute": info.primaryImageAttribute = node.value
        case "DisplayName", "DisplayCollectionName", "Description":
            let label = XMLNode(
                namespace: .none,
                namespaceURI: "",
                name: "",
                attributes: [],
                children: [node],
                location: node.location
            )
            .label(node.name)
            if node.name == "DisplayName" { info.displayName = label }
            if node.name == "DisplayCollectionName" { info.displayCollectionName = label }
            if node.name == "Description" { info.description = label }
        case "IsActivity": info.isActivity = node.value == "true"
        case "IsCustomEntity": info.isCustomEntity = node.value == "true"
        case "OwnershipType": info.ownershipType = node.value
        case "Keys":
            info.keys = node.children.filter { !$0.isNil }
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
        default: break
        }
        type.dynamics = info
        entity = type
    }

    /// Gives each finished entity its key and reports entities without a logical name.
    func finish() -> [EntityType] {
        entityTypes.compactMap { type in
            guard !type.name.isEmpty else {
                context.error("entity metadata has no LogicalName", at: type.location)
                return nil
            }
            var type = type
            if let id = type.dynamics?.primaryIDAttribute, type.properties.contains(where: { $0.name == id }) {
                type.key = [PropertyRef(name: id, location: type.location)]
            }
            return type
        }
    }

    private func addGlobal(_ set: DynamicsOptionSet) {
        guard let name = set.name, globalOptionSetNames.insert(name).inserted else { return }
        var set = set
        set.isGlobal = true
        globalOptionSets.append(set)
    }
}
