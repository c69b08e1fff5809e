import MetadataModel
import SwiftEmitter

/// What the translators share: the model, the configuration, the names chosen, and diagnostics.
final class GenerationContext {
    let service: Service
    let configuration: GeneratorConfiguration
    var typeNames = TypeNames()
    var diagnostics: [Diagnostic] = []

    /// The entity types to generate, by qualified name, in document order.
    private(set) var entityTypes: [(name: QualifiedName, type: EntityType)] = []
    private(set) var entityIndex: [QualifiedName: EntityType] = [:]
    private(set) var complexIndex: [QualifiedName: ComplexType] = [:]
    private(set) var enumIndex: [QualifiedName: EnumType] = [:]
    private(set) var definitionIndex: [QualifiedName: TypeDefinition] = [:]
    /// The first entity set of each entity type.
    private(set) var entitySetNames: [QualifiedName: String] = [:]
    /// Every entity type with Dynamics metadata, generated or not, by logical name (the first of each name).
    private(set) var entityByLogicalName: [String: (name: QualifiedName, type: EntityType)] = [:]
    /// Every entity type, generated or not.
    private(set) var allEntityTypes: [QualifiedName: EntityType] = [:]

    init(service: Service, configuration: GeneratorConfiguration) {
        self.service = service
        self.configuration = configuration
        for schema in service.schemas {
            let name = { (type: String) in QualifiedName(namespace: schema.namespace, name: type) }
            for type in schema.complexTypes { complexIndex[name(type.name)] = type }
            for type in schema.enumTypes { enumIndex[name(type.name)] = type }
            for type in schema.typeDefinitions { definitionIndex[name(type.name)] = type }
            for container in schema.entityContainers {
                for set in container.entitySets where entitySetNames[set.entityType] == nil {
                    entitySetNames[set.entityType] = set.name
                }
            }
        }
        selectEntityTypes()
    }

    /// Declarations are `public` (classes `open`) or `internal`, as configured.
    var access: AccessLevel { configuration.accessLevel == .public ? .public : .internal }
    var classAccess: AccessLevel { configuration.accessLevel == .public ? .open : .internal }

    /// An entity type and its base types, nearest first, generated or not: the one walk of the base-type chain
    /// (it stops at a type that is not declared, and at a cycle).
    func lineage(of name: QualifiedName) -> [(name: QualifiedName, type: EntityType)] {
        var result: [(name: QualifiedName, type: EntityType)] = []
        var visited: Set<QualifiedName> = []
        var current: QualifiedName? = name
        while let name = current, visited.insert(name).inserted, let type = allEntityTypes[name] {
            result.append((name, type))
            current = type.baseType
        }
        return result
    }

    /// The entity set of an entity type: the one Dynamics names, else the first declared for it or, for a derived
    /// type without one, for its nearest base type.
    func entitySet(of name: QualifiedName) -> String? {
        for (ancestor, type) in lineage(of: name) {
            if let set = type.dynamics?.entitySetName ?? entitySetNames[ancestor] { return set }
        }
        return nil
    }

    /// The entities the configuration admits, and their base types.
    private func selectEntityTypes() {
        var all: [(QualifiedName, EntityType)] = []
        for schema in service.schemas {
            for type in schema.entityTypes {
                let qualified = QualifiedName(namespace: schema.namespace, name: type.name)
                all.append((qualified, type))
                if let logicalName = type.dynamics?.logicalName, entityByLogicalName[logicalName] == nil {
                    entityByLogicalName[logicalName] = (qualified, type)
                }
            }
        }
        let byName = Dictionary(all, uniquingKeysWith: { first, _ in first })
        allEntityTypes = byName
        var selected: Set<QualifiedName> = []
        for (name, type) in all where configuration.entities.admits(Self.names(of: type, qualified: name)) {
            var current: QualifiedName? = name
            while let name = current, selected.insert(name).inserted {
                current = byName[name]?.baseType
                if let base = current, byName[base] == nil { current = nil }
            }
        }
        entityTypes = all.filter { selected.contains($0.0) }.map { (name: $0.0, type: $0.1) }
        entityIndex = Dictionary(entityTypes.map { ($0.name, $0.type) }, uniquingKeysWith: { first, _ in first })
    }

    /// The names a filter pattern can match for an entity type.
    static func names(of type: EntityType, qualified: QualifiedName) -> [String] {
        [type.name, qualified.description] + [type.dynamics?.logicalName, type.dynamics?.schemaName].compactMap { $0 }
    }

    func note(_ message: String, at location: SourceLocation) {
        diagnostics.append(.note(message, at: location))
    }

    func warning(_ message: String, at location: SourceLocation) {
        diagnostics.append(.warning(message, at: location))
    }
}
