import MetadataModel

/// Checks a service after reading: duplicate names, unresolved type references and keys that
/// name missing properties. Types from unread references stay opaque; cyclic base types are
/// already broken (`BaseTypeCycleBreaker`).
///
/// Real services publish metadata with such mistakes, so these are warnings that say what the
/// generator will not be able to use; `MetadataLoader.Options.strict` makes them errors.
struct SemanticChecker {
    private enum Kind { case entity, complex, enumeration, definition }

    private let service: Service
    private let index: ModelIndex
    private var kinds: [QualifiedName: Kind] = [:]
    private var operations: (actions: Set<QualifiedName>, functions: Set<QualifiedName>) = ([], [])
    private let opaque: Set<String>
    private(set) var diagnostics: [Diagnostic] = []

    init(service: Service, index: ModelIndex) {
        self.service = service
        self.index = index
        opaque = Set(service.opaqueNamespaces)
    }

    mutating func check() -> [Diagnostic] {
        collectTypes()
        for schema in service.schemas {
            for type in schema.entityTypes {
                checkBaseType(type.baseType, of: type.name, expected: .entity, at: type.location)
                checkMembers(type.properties, type.navigationProperties, of: type.name)
                checkKey(type, in: schema.namespace)
            }
            for type in schema.complexTypes {
                checkBaseType(type.baseType, of: type.name, expected: .complex, at: type.location)
                checkMembers(type.properties, type.navigationProperties, of: type.name)
            }
            for definition in schema.typeDefinitions
            where definition.underlyingType.namespace != "Edm"
                || TypeReference(name: definition.underlyingType).primitive == nil
            {
                diagnostics.append(
                    .warning(
                        """
                        type definition \(definition.name) has the underlying type '\(definition.underlyingType)', \
                        which is not an Edm primitive type
                        """,
                        at: definition.location
                    )
                )
            }
            for term in schema.terms { checkType(term.type, usedBy: "term \(term.name)", at: term.location) }
            for operation in schema.actions + schema.functions {
                for parameter in operation.parameters {
                    checkType(
                        parameter.type,
                        usedBy: "parameter \(parameter.name) of \(operation.name)",
                        at: parameter.location
                    )
                }
                if let returnType = operation.returnType {
                    checkType(returnType.type, usedBy: "the return type of \(operation.name)", at: returnType.location)
                }
            }
            for container in schema.entityContainers { checkContainer(container) }
        }
        return diagnostics
    }

    // MARK: - Names

    private mutating func collectTypes() {
        for schema in service.schemas {
            let namespace = schema.namespace
            for type in schema.entityTypes { kinds[QualifiedName(namespace: namespace, name: type.name)] = .entity }
            operations.actions.formUnion(schema.actions.map { QualifiedName(namespace: namespace, name: $0.name) })
            operations.functions.formUnion(schema.functions.map { QualifiedName(namespace: namespace, name: $0.name) })
            for type in schema.complexTypes { kinds[QualifiedName(namespace: namespace, name: type.name)] = .complex }
            for type in schema.enumTypes { kinds[QualifiedName(namespace: namespace, name: type.name)] = .enumeration }
            for type in schema.typeDefinitions {
                kinds[QualifiedName(namespace: namespace, name: type.name)] = .definition
            }
        }
    }

    private mutating func checkMembers(_ properties: [Property], _ navigations: [NavigationProperty], of owner: String)
    {
        var seen = Set<String>(minimumCapacity: properties.count + navigations.count)
        let members = properties.lazy.map { ($0.name, $0.location) } + navigations.lazy.map { ($0.name, $0.location) }
        for (name, location) in members where !seen.insert(name).inserted {
            let first = members.first { $0.0 == name }?.1 ?? location
            diagnostics.append(
                .warning("duplicate property name '\(name)' in \(owner) (first declared at \(first))", at: location)
            )
        }
        for property in properties {
            checkType(property.type, usedBy: "property \(owner).\(property.name)", at: property.location)
        }
        for navigation in navigations where navigation.type.name.name != "" {
            checkType(
                navigation.type,
                usedBy: "navigation property \(owner).\(navigation.name)",
                at: navigation.location,
                expected: .entity
            )
        }
    }

    // MARK: - Types

    private func isOpaque(_ name: QualifiedName) -> Bool { opaque.contains(name.namespace) }

    private mutating func checkType(
        _ type: TypeReference,
        usedBy user: @autoclosure () -> String,
        at location: SourceLocation,
        expected: Kind? = nil
    ) {
        if type.name.namespace == "Edm" {
            if type.primitive == nil {
                diagnostics.append(.warning("\(user()) has the unknown type '\(type.name)'", at: location))
            }
            return
        }
        guard !isOpaque(type.name) else { return }
        guard let kind = kinds[type.name] else {
            diagnostics.append(.warning("\(user()) has the type '\(type.name)', which is not declared", at: location))
            return
        }
        if let expected, kind != expected {
            diagnostics.append(
                .warning("\(user()) has the type '\(type.name)', which is not an entity type", at: location)
            )
        }
    }

    private mutating func checkBaseType(
        _ base: QualifiedName?,
        of name: String,
        expected: Kind,
        at location: SourceLocation
    ) {
        guard let base, !isOpaque(base) else { return }
        let kind = kinds[base]
        if kind == nil {
            diagnostics.append(
                .warning("type \(name) has the base type '\(base)', which is not declared", at: location)
            )
        } else if kind != expected {
            diagnostics.append(
                .warning(
                    """
                    type \(name) has the base type '\(base)', \
                    which is not \(expected == .entity ? "an entity" : "a complex") type
                    """,
                    at: location
                )
            )
        }
    }

    /// Every key property must exist in the type or one of its base types.
    private mutating func checkKey(_ type: EntityType, in namespace: String) {
        guard !type.key.isEmpty else { return }
        let names = Set(inheritedProperties(of: QualifiedName(namespace: namespace, name: type.name)).map(\.name))
        for ref in type.key {
            let first = String(ref.name.split(separator: "/").first ?? "")
            if !names.contains(first) && !opaqueAncestor(of: QualifiedName(namespace: namespace, name: type.name)) {
                diagnostics.append(
                    .warning(
                        "key of entity type \(type.name) names '\(ref.name)', which is not a property of it",
                        at: ref.location
                    )
                )
            }
        }
    }

    /// Whether a base type of the entity type, declared or not, comes from a reference that was not read.
    private func opaqueAncestor(of name: QualifiedName) -> Bool {
        index.ancestry(of: name).dropFirst().contains(where: isOpaque)
    }

    /// The properties of an entity type and its base types.
    private func inheritedProperties(of name: QualifiedName) -> [Property] {
        index.entityLineage(of: name).flatMap(\.type.properties)
    }

    // MARK: - Containers

    private mutating func checkContainer(_ container: EntityContainer) {
        var seen: [String: SourceLocation] = [:]
        let members =
            container.entitySets.map { ($0.name, $0.location) } + container.singletons.map { ($0.name, $0.location) }
            + container.actionImports.map { ($0.name, $0.location) }
            + container.functionImports.map { ($0.name, $0.location) }
        let functionImportNames = Set(container.functionImports.map(\.name))
        for (name, location) in members {
            if let first = seen[name] {
                // v2/v3 function imports may be overloaded.
                if functionImportNames.contains(name) { continue }
                diagnostics.append(
                    .warning(
                        "duplicate name '\(name)' in entity container \(container.name); first declared at \(first)",
                        at: location
                    )
                )
            } else {
                seen[name] = location
            }
        }
        let sets = Set(container.entitySets.map(\.name) + container.singletons.map(\.name))
        for set in container.entitySets {
            checkType(
                TypeReference(name: set.entityType),
                usedBy: "entity set \(set.name)",
                at: set.location,
                expected: .entity
            )
            checkBindings(set.navigationPropertyBindings, sets: sets)
        }
        for singleton in container.singletons {
            checkType(
                TypeReference(name: singleton.type),
                usedBy: "singleton \(singleton.name)",
                at: singleton.location,
                expected: .entity
            )
            checkBindings(singleton.navigationPropertyBindings, sets: sets)
        }
        for actionImport in container.actionImports
        where !operations.actions.contains(actionImport.action) && !isOpaque(actionImport.action) {
            diagnostics.append(
                .warning(
                    """
                    action import \(actionImport.name) names the action '\(actionImport.action)', \
                    which is not declared
                    """,
                    at: actionImport.location
                )
            )
        }
        for functionImport in container.functionImports {
            if let function = functionImport.function, !operations.functions.contains(function), !isOpaque(function) {
                diagnostics.append(
                    .warning(
                        """
                        function import \(functionImport.name) names the function '\(function)', \
                        which is not declared
                        """,
                        at: functionImport.location
                    )
                )
            }
            for parameter in functionImport.parameters {
                checkType(
                    parameter.type,
                    usedBy: "parameter \(parameter.name) of \(functionImport.name)",
                    at: parameter.location
                )
            }
            if let returnType = functionImport.returnType {
                checkType(returnType.type, usedBy: "the return type of \(functionImport.name)", at: returnType.location)
            }
        }
    }

    /// A binding to an entity set this container lacks is a known quirk of real services: a warning.
    private mutating func checkBindings(_ bindings: [NavigationPropertyBinding], sets: Set<String>) {
        for binding in bindings
        where !binding.target.utf8.contains(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: ".") })
            && !sets.contains(binding.target)
        {
            diagnostics.append(
                .warning(
                    """
                    navigation property binding '\(binding.path)' targets '\(binding.target)', \
                    which is not an entity set or singleton of this container
                    """,
                    at: binding.location
                )
            )
        }
    }
}
