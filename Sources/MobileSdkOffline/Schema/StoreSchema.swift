import GRDB
import MobileSdk

/// The tables of a store: one for each class the defining queries read or expand and the app named, shared with the
/// registered classes derived from it (a class and one it derives from, both named, share the base's table).
struct StoreSchema: Sendable {
    /// The tables, by name order.
    let tables: [EntityTable]
    /// The classes named, by `ObjectIdentifier`.
    private let kept: [ObjectIdentifier: Entity.Type]
    /// Table indexes by the `ObjectIdentifier` of the class each is named after.
    private let tableIndexes: [ObjectIdentifier: Int]
    /// The indexes the app declared.
    let indexes: [StoreIndex]

    /// The tables for `types`, for the classes of `indexes` and for what the expansions of the trees reach from
    /// their classes.
    init(
        types: [Entity.Type],
        expansions: [(Entity.Type, QueryTree)],
        indexes: [StoreIndex] = [],
        registry: EntityRegistry
    ) {
        self.indexes = indexes
        var kept: [ObjectIdentifier: Entity.Type] = [:]
        for type in types + indexes.map(\.type) { kept[ObjectIdentifier(type)] = type }
        func expand(_ type: Entity.Type, _ tree: QueryTree) {
            kept[ObjectIdentifier(type)] = type
            let table = EntityTable(type)
            for expansion in tree.expansions {
                guard let name = expansion.path.segments.first ?? nil, let navigation = table.navigations[name] else {
                    continue
                }
                expand(navigation.target, expansion.tree)
            }
        }
        for (type, tree) in expansions { expand(type, tree) }
        self.kept = kept
        let registered = registry.registeredLogicalNames.compactMap { registry.type(forLogicalName: $0) }
        var bases: [ObjectIdentifier: Entity.Type] = [:]
        for type in kept.values {
            let base = Self.tableClass(of: type, kept: kept) ?? type
            bases[ObjectIdentifier(base)] = base
        }
        let tables = bases.values
            .map { base in
                EntityTable(
                    base,
                    derived: registered.filter { type in
                        ObjectIdentifier(type) != ObjectIdentifier(base)
                            && Self.tableClass(of: type, kept: kept).map(ObjectIdentifier.init)
                                == ObjectIdentifier(base)
                    }
                )
            }
            .sorted { $0.name < $1.name }
        self.tables = tables
        tableIndexes = Dictionary(
            tables.enumerated().map { (ObjectIdentifier($0.element.type), $0.offset) },
            uniquingKeysWith: { first, _ in first }
        )
    }

    /// The table holding records of `type`.
    func table(for type: Entity.Type) throws -> EntityTable {
        if let base = Self.tableClass(of: type, kept: kept), let index = tableIndexes[ObjectIdentifier(base)] {
            return tables[index]
        }
        throw OfflineStoreError.unknownType(type.entityQualifiedName ?? "\(type)")
    }

    /// The table named `name`.
    func table(named name: String) -> EntityTable? { tables.first { $0.name == name } }

    /// Whether `type` is `base` or derives from it.
    static func isClass(_ type: Entity.Type, derivedFrom base: Entity.Type) -> Bool {
        var current: Entity.Type? = type
        while let candidate = current {
            if ObjectIdentifier(candidate) == ObjectIdentifier(base) { return true }
            current = _getSuperclass(candidate) as? Entity.Type
        }
        return false
    }

    /// The class whose table holds records of `type`: the topmost of `type` and its base classes that the store
    /// keeps; nil when it keeps none of them.
    private static func tableClass(of type: Entity.Type, kept: [ObjectIdentifier: Entity.Type]) -> Entity.Type? {
        var found: Entity.Type?
        var current: Entity.Type? = type
        while let candidate = current {
            if kept[ObjectIdentifier(candidate)] != nil { found = candidate }
            current = _getSuperclass(candidate) as? Entity.Type
        }
        return found
    }
}
