import GRDB
import MobileSdk

/// The tables of a store: one per hierarchy of generated classes the defining queries read, expand or the app
/// named, shared by a class and the registered classes derived from it.
struct StoreSchema: Sendable {
    /// The tables, by name order.
    let tables: [EntityTable]
    /// Table indexes by the `ObjectIdentifier` of each class they hold.
    private let tableIndexes: [ObjectIdentifier: Int]

    /// The tables for `types` and for what the expansions of `trees` reach from them.
    init(types: [Entity.Type], expansions: [(Entity.Type, QueryTree)], registry: EntityRegistry) {
        var bases: [ObjectIdentifier: Entity.Type] = [:]
        func add(_ type: Entity.Type) { bases[ObjectIdentifier(Self.base(of: type))] = Self.base(of: type) }
        types.forEach(add)
        func expand(_ type: Entity.Type, _ tree: QueryTree) {
            add(type)
            let table = EntityTable(type)
            for expansion in tree.expansions {
                guard let name = expansion.path.segments.first ?? nil, let navigation = table.navigations[name] else {
                    continue
                }
                expand(navigation.target, expansion.tree)
            }
        }
        for (type, tree) in expansions { expand(type, tree) }
        let registered = registry.registeredLogicalNames.compactMap { registry.type(forLogicalName: $0) }
        let tables = bases.values
            .map { base in
                EntityTable(
                    base,
                    derived: registered.filter {
                        $0 != base && ObjectIdentifier(Self.base(of: $0)) == ObjectIdentifier(base)
                    }
                )
            }
            .sorted { $0.name < $1.name }
        self.tables = tables
        var indexes: [ObjectIdentifier: Int] = [:]
        for (index, table) in tables.enumerated() {
            indexes[ObjectIdentifier(table.type)] = index
            for derived in registered where ObjectIdentifier(Self.base(of: derived)) == ObjectIdentifier(table.type) {
                indexes[ObjectIdentifier(derived)] = index
            }
        }
        tableIndexes = indexes
    }

    /// The table holding records of `type`.
    func table(for type: Entity.Type) throws -> EntityTable {
        if let index = tableIndexes[ObjectIdentifier(type)] ?? tableIndexes[ObjectIdentifier(Self.base(of: type))] {
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

    /// The topmost generated class above `type` (the class a table is named after).
    static func base(of type: Entity.Type) -> Entity.Type {
        var current = type
        while let parent = _getSuperclass(current) as? Entity.Type, parent != Entity.self { current = parent }
        return current
    }
}
