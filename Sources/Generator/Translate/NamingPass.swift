import MetadataModel

extension GenerationContext {
    /// Chooses every type's Swift name before any type is translated, so that references
    /// between types resolve whatever the order: entity types, complex types, enum types, type
    /// definitions, then option sets.
    func nameTypes() {
        let prefix = configuration.typePrefix
        for (name, type) in entityTypes {
            claim(
                name,
                preferred: type.dynamics?.schemaName ?? DataverseTypeNames.schemaName(of: name) ?? type.name,
                at: type.location
            )
        }
        for schema in service.schemas {
            for type in schema.complexTypes {
                claim(
                    QualifiedName(namespace: schema.namespace, name: type.name),
                    preferred: type.name,
                    at: type.location
                )
            }
        }
        for schema in service.schemas {
            for type in schema.enumTypes {
                guard !type.members.isEmpty else {
                    warning(
                        "enum type \(type.name) is not generated: it has no members that can be generated",
                        at: type.location
                    )
                    continue
                }
                claim(
                    QualifiedName(namespace: schema.namespace, name: type.name),
                    preferred: type.name,
                    at: type.location
                )
            }
        }
        for schema in service.schemas {
            for definition in schema.typeDefinitions {
                claim(
                    QualifiedName(namespace: schema.namespace, name: definition.name),
                    preferred: definition.name,
                    at: definition.location
                )
            }
        }
        for (name, type) in entityTypes {
            for property in type.properties where admits(property, of: name) {
                guard let set = property.dynamics?.optionSet, set.kind != "Boolean",
                    let key = optionSetKey(set, entity: name, property: property), typeNames.optionSetNames[key] == nil
                else { continue }
                // A global option set named like the attribute (`new_customertier`) is cased like its schema name
                // (`new_CustomerTier`), so that the type and the property typed by it read alike.
                let schemaName = property.dynamics?.schemaName ?? property.name
                let globalName =
                    set.name.map { $0.lowercased() == schemaName.lowercased() ? schemaName : $0 } ?? schemaName
                let preferred =
                    set.isGlobal
                    ? globalName : (typeNames.name(of: name) ?? type.name) + IdentifierNaming.upperCamelCase(schemaName)
                if let note = typeNames.claim(
                    optionSet: key,
                    preferred: preferred,
                    prefix: set.isGlobal ? prefix : "",
                    location: set.location
                ) {
                    diagnostics.append(note)
                }
            }
        }
    }

    /// Global option sets are shared by name; local ones belong to one attribute.
    func optionSetKey(_ set: DynamicsOptionSet, entity: QualifiedName, property: Property) -> TypeNames.OptionSetKey? {
        if set.isGlobal, let name = set.name { return TypeNames.OptionSetKey(global: name) }
        return TypeNames.OptionSetKey(entity: entity, attribute: property.dynamics?.logicalName ?? property.name)
    }

    private func claim(_ name: QualifiedName, preferred: String, at location: SourceLocation) {
        if let note = typeNames.claim(name, preferred: preferred, prefix: configuration.typePrefix, location: location)
        {
            diagnostics.append(note)
        }
    }
}
