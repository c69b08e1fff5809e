/// The OData type name of an entity instance, for the `@odata.type` of entities sent where a base type is expected.
enum ODataTypeName {
    /// The instance's own type: its class's qualified name when the instance is of that class's logical name; else
    /// the class registered for its logical name; else its logical name in the namespace of its class (or of a base
    /// class), or in `fallbackNamespace` for late-bound `Entity` (`Microsoft.Dynamics.CRM` for Dataverse). A
    /// logical name with a dot is taken as qualified already. Nil when none of these is known.
    static func of(_ entity: Entity, registry: EntityRegistry, fallbackNamespace: String?) -> String? {
        let type = Swift.type(of: entity)
        let logicalName = entity.logicalName
        if let qualifiedName = type.entityQualifiedName, logicalName.isEmpty || logicalName == type.entityLogicalName {
            return qualifiedName
        }
        guard !logicalName.isEmpty else { return nil }
        if logicalName.contains(".") { return logicalName }
        if let registered = registry.type(forLogicalName: logicalName)?.entityQualifiedName { return registered }
        guard let namespace = classNamespace(type) ?? fallbackNamespace, !namespace.isEmpty else { return nil }
        return namespace + "." + logicalName
    }

    /// The namespace of the nearest class in `type`'s chain that has a qualified name.
    private static func classNamespace(_ type: Entity.Type) -> String? {
        var current: Entity.Type? = type
        while let entityType = current {
            if let name = entityType.entityQualifiedName, let dot = name.lastIndex(of: ".") {
                return String(name[..<dot])
            }
            current = _getSuperclass(entityType) as? Entity.Type
        }
        return nil
    }
}
