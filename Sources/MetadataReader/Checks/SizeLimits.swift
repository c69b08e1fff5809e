import MetadataModel

/// Refuses what no real service publishes and only hostile or broken input holds, before it becomes megabytes of
/// Swift or minutes of work: names longer than `maximumNameLength` characters (CSDL allows 128 in a simple
/// identifier, 511 in a namespace) and base-type chains deeper than `maximumBaseTypeDepth` (real services go about
/// five deep). Each is a located error.
struct SizeLimits {
    static let maximumNameLength = 1024
    static let maximumBaseTypeDepth = 100

    func check(_ service: Service, index: ModelIndex) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        func name(_ name: String, _ kind: String, at location: SourceLocation) {
            guard name.count > Self.maximumNameLength else { return }
            diagnostics.append(
                .error(
                    """
                    the \(kind) name '\(name.prefix(40))…' is \(name.count) characters long, more than the \
                    \(Self.maximumNameLength) any service uses
                    """,
                    at: location
                )
            )
        }
        for schema in service.schemas {
            name(schema.namespace, "namespace", at: schema.location)
            for type in schema.entityTypes as [any StructuredType] + schema.complexTypes as [any StructuredType] {
                name(type.name, "type", at: type.location)
                for property in type.properties { name(property.name, "property", at: property.location) }
                for navigation in type.navigationProperties {
                    name(navigation.name, "navigation property", at: navigation.location)
                }
            }
            for type in schema.enumTypes { name(type.name, "enum type", at: type.location) }
            for operation in schema.actions + schema.functions {
                name(operation.name, "operation", at: operation.location)
                for parameter in operation.parameters { name(parameter.name, "parameter", at: parameter.location) }
            }
            for container in schema.entityContainers {
                name(container.name, "container", at: container.location)
                for set in container.entitySets { name(set.name, "entity set", at: set.location) }
            }
        }
        return diagnostics + depths(service, index: index)
    }

    /// An error for the first type whose base-type chain is too deep (a base type that is not declared counts).
    private func depths(_ service: Service, index: ModelIndex) -> [Diagnostic] {
        var types: [(QualifiedName, SourceLocation)] = []
        for schema in service.schemas {
            for type in schema.entityTypes as [any StructuredType] + schema.complexTypes as [any StructuredType] {
                types.append((QualifiedName(namespace: schema.namespace, name: type.name), type.location))
            }
        }
        return
            types.compactMap { name, location in
                let levels = index.depth(of: name)
                guard levels > Self.maximumBaseTypeDepth else { return nil }
                return .error(
                    """
                    \(name) has \(levels) levels of base types, \
                    more than the \(Self.maximumBaseTypeDepth) any service uses
                    """,
                    at: location
                )
            }
            .prefix(1).map { $0 }
    }
}
