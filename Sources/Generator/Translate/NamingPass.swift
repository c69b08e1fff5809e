import MetadataModel

extension GenerationContext {
    /// Chooses every type's Swift name before any type is translated, so that references
    /// between types resolve whatever the order: entity types, complex types, enum types, type
    /// definitions, then option sets.
    ///
    /// Renamed types take the names chosen for them (`claimRenamedTypeNames` reserved them first).
    func nameTypes() {
        let prefix = configuration.typePrefix
        claimRenamedTypeNames()
        for (name, type) in entityTypes {
            claim(
                name,
                preferred: type.dynamics?.schemaName ?? DataverseTypeNames.schemaName(of: name) ?? type.name,
                at: type.location,
                renameKeys: Self.names(of: type, qualified: name),
                what: "entity type \(name)"
            )
        }
        for schema in service.schemas {
            for type in schema.complexTypes {
                claim(
                    QualifiedName(namespace: schema.namespace, name: type.name),
                    preferred: type.name,
                    at: type.location,
                    what: "complex type"
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
                    at: type.location,
                    what: "enum type"
                )
            }
        }
        for schema in service.schemas {
            for definition in schema.typeDefinitions {
                claim(
                    QualifiedName(namespace: schema.namespace, name: definition.name),
                    preferred: definition.name,
                    at: definition.location,
                    what: "type definition"
                )
            }
        }
        for (name, type) in entityTypes {
            // Only the attributes with an option set are copied to be looked at.
            for index in type.properties.indices where type.properties[index].dynamics?.optionSet != nil {
                let property = type.properties[index]
                guard admits(property, of: name), let set = property.dynamics?.optionSet, set.kind != "Boolean",
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
                let attribute = property.dynamics?.logicalName ?? property.name
                let renameKeys =
                    (set.name.map { [$0] } ?? [])
                    + (set.isGlobal ? [] : Self.names(of: type, qualified: name).map { $0 + "." + attribute })
                if let rename = renames.type(renameKeys, what: "option set \(set.name ?? attribute)"),
                    claimRenamed(nil, optionSet: key, rename)
                {
                    continue
                }
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

    /// Claims a type's name: the one a rename chose (matched by `renameKeys`, by default the type's name and qualified
    /// name), else `preferred` made unique.
    private func claim(
        _ name: QualifiedName,
        preferred: String,
        at location: SourceLocation,
        renameKeys: [String]? = nil,
        what: String
    ) {
        if let rename = renames.type(renameKeys ?? [name.name, name.description], what: "\(what) \(name)"),
            claimRenamed(name, rename)
        {
            return
        }
        if let note = typeNames.claim(name, preferred: preferred, prefix: configuration.typePrefix, location: location)
        {
            diagnostics.append(note)
        }
    }

    /// Gives a type the name its rename chose; false, after an error unless the rename was refused already, when
    /// another type has the name.
    private func claimRenamed(
        _ type: QualifiedName?,
        optionSet: TypeNames.OptionSetKey? = nil,
        _ rename: RenameTable.Rename
    ) -> Bool {
        guard !renames.refused.contains(rename.id) else { return false }
        guard typeNames.claim(type, optionSet: optionSet, renamedTo: rename.name) else {
            renames.refused.insert(rename.id)
            error(
                "rename '\(rename.key)' to '\(rename.name)': another type has that name already",
                at: location(of: rename)
            )
            return false
        }
        return true
    }
}
