/// One index over a resolved service, built once and shared by the checks and the generator: every type by qualified
/// name (the first of a name), each structured type's lineage, derived types, and each entity type's entity set.
///
/// Base types are followed here alone. A base type that is not declared ends a lineage; one that would close a cycle
/// (the loader breaks cycles with a warning, so only a service that skipped it has any) is not followed, deciding in
/// document order, so that every lineage is finite and lineages agree with one another.
public struct ModelIndex: Sendable {
    /// Entity types in document order, and by name.
    public private(set) var entityTypeNames: [QualifiedName] = []
    /// The same entity types by qualified name; the first declared of a name.
    public private(set) var entityTypes: [QualifiedName: EntityType] = [:]
    /// Complex types in document order, and by name.
    public private(set) var complexTypeNames: [QualifiedName] = []
    /// The same complex types by qualified name; the first declared of a name.
    public private(set) var complexTypes: [QualifiedName: ComplexType] = [:]
    /// Enum types by qualified name; the first declared of a name.
    public private(set) var enumTypes: [QualifiedName: EnumType] = [:]
    /// Type definitions by qualified name; the first declared of a name.
    public private(set) var typeDefinitions: [QualifiedName: TypeDefinition] = [:]

    /// The base each structured type's lineage follows: its declared base type, when that is declared and does not
    /// lead back to the type.
    private var bases: [QualifiedName: QualifiedName] = [:]
    private var derived: [QualifiedName: [QualifiedName]] = [:]
    /// The first entity set declared for each entity type.
    private var entitySets: [QualifiedName: String] = [:]
    /// How many base types each structured type has (``depth(of:)``).
    private var depths: [QualifiedName: Int] = [:]

    /// Builds the index of `service`: its types by name, their lineages, derived types and entity sets.
    public init(_ service: Service) {
        var declaredBases: [(name: QualifiedName, base: QualifiedName?)] = []
        for schema in service.schemas {
            let qualified = { (name: String) in QualifiedName(namespace: schema.namespace, name: name) }
            for type in schema.entityTypes where entityTypes[qualified(type.name)] == nil {
                entityTypeNames.append(qualified(type.name))
                entityTypes[qualified(type.name)] = type
                declaredBases.append((qualified(type.name), type.baseType))
            }
            for type in schema.complexTypes where complexTypes[qualified(type.name)] == nil {
                complexTypeNames.append(qualified(type.name))
                complexTypes[qualified(type.name)] = type
                declaredBases.append((qualified(type.name), type.baseType))
            }
            for type in schema.enumTypes where enumTypes[qualified(type.name)] == nil {
                enumTypes[qualified(type.name)] = type
            }
            for definition in schema.typeDefinitions where typeDefinitions[qualified(definition.name)] == nil {
                typeDefinitions[qualified(definition.name)] = definition
            }
            for container in schema.entityContainers {
                for set in container.entitySets where entitySets[set.entityType] == nil {
                    entitySets[set.entityType] = set.name
                }
            }
        }
        // Each type links to one base at most, so the links form trees; `name` has no link yet, so it is a root, and
        // linking it to `base` closes a cycle exactly when `base`'s root is `name`. Roots are found through
        // compressed paths, so that a long chain declared backwards costs no more than one declared forwards.
        var roots: [QualifiedName: QualifiedName] = [:]
        func root(of name: QualifiedName) -> QualifiedName {
            var path: [QualifiedName] = []
            var current = name
            while let next = roots[current] {
                path.append(current)
                current = next
            }
            for step in path { roots[step] = current }
            return current
        }
        for (name, base) in declaredBases {
            guard let base, isDeclared(base, like: name), root(of: base) != name else { continue }
            bases[name] = base
            roots[name] = base
            derived[base, default: []].append(name)
        }
        for (name, _) in declaredBases where depths[name] == nil {
            var chain: [QualifiedName] = []
            var current: QualifiedName? = name
            while let step = current, depths[step] == nil {
                chain.append(step)
                current = bases[step]
            }
            var depth: Int
            if let known = current.flatMap({ depths[$0] }) {
                depth = known + 1
            } else if let top = chain.last, let base = declaredBase(of: top), !isDeclared(base, like: top) {
                depth = 1  // a base type that is not declared counts
            } else {
                depth = 0
            }
            for step in chain.reversed() {
                depths[step] = depth
                depth += 1
            }
        }
    }

    /// The base type a structured type declares, if any.
    private func declaredBase(of name: QualifiedName) -> QualifiedName? {
        entityTypes[name]?.baseType ?? complexTypes[name]?.baseType
    }

    /// Whether `base` is a declared type of the same kind as `type`.
    private func isDeclared(_ base: QualifiedName, like type: QualifiedName) -> Bool {
        entityTypes[type] != nil ? entityTypes[base] != nil : complexTypes[base] != nil
    }

    /// A structured type and its base types, nearest first, as far as they are declared.
    public func lineage(of name: QualifiedName) -> [QualifiedName] {
        guard entityTypes[name] != nil || complexTypes[name] != nil else { return [] }
        var result = [name]
        var current = bases[name]
        while let base = current {
            result.append(base)
            current = bases[base]
        }
        return result
    }

    /// An entity type and its base types, nearest first, as far as they are declared.
    public func entityLineage(of name: QualifiedName) -> [(name: QualifiedName, type: EntityType)] {
        lineage(of: name).compactMap { name in entityTypes[name].map { (name, $0) } }
    }

    /// A complex type and its base types, nearest first, as far as they are declared.
    public func complexLineage(of name: QualifiedName) -> [(name: QualifiedName, type: ComplexType)] {
        lineage(of: name).compactMap { name in complexTypes[name].map { (name, $0) } }
    }

    /// The lineage's names followed by the base type its last member names but the service does not declare (a type of
    /// a document that was not read), if any.
    public func ancestry(of name: QualifiedName) -> [QualifiedName] {
        let names = lineage(of: name)
        guard let last = names.last, let base = declaredBase(of: last), !isDeclared(base, like: last) else {
            return names
        }
        return names + [base]
    }

    /// How many base types a structured type has: the length of its ``ancestry(of:)`` less itself. 0 for a type that
    /// is not declared.
    public func depth(of name: QualifiedName) -> Int { depths[name] ?? 0 }

    /// The types that name `name` as their base type, in document order.
    public func derivedTypes(of name: QualifiedName) -> [QualifiedName] { derived[name] ?? [] }

    /// The entity set of an entity type: the one its Dynamics metadata names, else the first declared for it or, for a
    /// derived type without one, for its nearest base type.
    public func entitySet(of name: QualifiedName) -> String? {
        for (ancestor, type) in entityLineage(of: name) {
            if let set = type.dynamics?.entitySetName ?? entitySets[ancestor] { return set }
        }
        return nil
    }
}
