import MetadataModel

/// Carries Dynamics entity metadata — option sets, labels, schema names, display names — onto
/// the matching entity types and properties of a Dataverse Web API CSDL document, which lacks them.
///
/// Entities match by logical name (the Web API's entity type name); attributes match by logical
/// name, and lookups also by the Web API's `_name_value` property. Entities the CSDL lacks are
/// added as read from the entity metadata, and so are party lists, which the CSDL lacks.
struct EntityMetadataMerger {
    /// Merges the entity-metadata schemas into `schemas` (the CSDL schemas of the service).
    func merge(_ entitySchemas: [Schema], into schemas: inout [Schema], diagnostics: inout [Diagnostic]) {
        guard !entitySchemas.isEmpty else { return }
        let namespace = EntityMetadataReader.namespace
        var target = schemas.firstIndex { $0.namespace == namespace }
        if target == nil {
            schemas.append(Schema(namespace: namespace, location: entitySchemas[0].location))
            target = schemas.count - 1
        }
        guard let target else { return }
        var schema = schemas[target]
        var typeIndex = Dictionary(
            schema.entityTypes.indices.map { (schema.entityTypes[$0].name, $0) },
            uniquingKeysWith: { first, _ in first }
        )
        var merged: Set<String> = []
        var optionSetNames = Set(schema.optionSets.compactMap(\.name))
        for entitySchema in entitySchemas {
            for entity in entitySchema.entityTypes {
                guard merged.insert(entity.name).inserted else {
                    diagnostics.append(
                        .warning(
                            "entity '\(entity.name)' appears in the entity metadata more than once; the first is used",
                            at: entity.location
                        )
                    )
                    continue
                }
                if let index = typeIndex[entity.name] {
                    merge(entity, into: &schema.entityTypes[index])
                } else {
                    typeIndex[entity.name] = schema.entityTypes.count
                    schema.entityTypes.append(entity)
                }
            }
            for set in entitySchema.optionSets where set.name.map({ optionSetNames.insert($0).inserted }) ?? false {
                schema.optionSets.append(set)
            }
        }
        dropInheritedPartyLists(from: &schema)
        schemas[target] = schema
    }

    /// Leaves out a party list added to a type whose base type in the schema has it: the class inherits it.
    private func dropInheritedPartyLists(from schema: inout Schema) {
        let byName = Dictionary(schema.entityTypes.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for index in schema.entityTypes.indices
        where schema.entityTypes[index].properties.contains(where: { $0.dynamics?.attributeType == "PartyList" }) {
            // Only then: removing from the properties would copy them all, as `byName` shares them.
            var inherited: Set<String> = []
            var visited: Set<String> = []
            var base = schema.entityTypes[index].baseType
            while let name = base, name.namespace == schema.namespace, visited.insert(name.name).inserted,
                let type = byName[name.name]
            {
                inherited.formUnion(type.properties.map(\.name))
                base = type.baseType
            }
            schema.entityTypes[index].properties
                .removeAll { $0.dynamics?.attributeType == "PartyList" && inherited.contains($0.name) }
        }
    }

    private func merge(_ entity: EntityType, into type: inout EntityType) {
        type.dynamics = entity.dynamics
        let attributes = Dictionary(
            entity.properties.compactMap { property in property.dynamics.map { (property.name, $0) } },
            uniquingKeysWith: { first, _ in first }
        )
        for index in type.properties.indices {
            let name = type.properties[index].name
            if let attribute = attributes[name] ?? attributes[Self.lookupAttributeName(name) ?? ""] {
                type.properties[index].dynamics = attribute
            }
        }
        // Party lists are no properties of the Web API's (their parties are the `<entity>_activity_parties`
        // navigation property): they come from the entity metadata, after the CSDL's properties.
        let names = Set(type.properties.map(\.name))
        type.properties += entity.properties.filter {
            $0.dynamics?.attributeType == "PartyList" && !names.contains($0.name)
        }
    }

    /// `_parentcustomerid_value` → `parentcustomerid`.
    static func lookupAttributeName(_ propertyName: String) -> String? {
        guard propertyName.hasPrefix("_"), propertyName.hasSuffix("_value"), propertyName.count > 7 else { return nil }
        return String(propertyName.dropFirst().dropLast(6))
    }
}
