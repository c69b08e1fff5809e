/// The property metadata of a generated class or complex type, indexed by storage and payload name. Built once per
/// type and cached: decoding a page looks each key up here.
final class PropertyTable: Sendable {
    /// Attributes (everything but navigation properties) by storage name.
    let byName: [String: PropertyMetadata]
    /// Navigation properties by name: Dataverse names a lookup's navigation property like the lookup itself
    /// (`ownerid`), so the two need maps of their own.
    let navigationsByName: [String: PropertyMetadata]
    /// Attributes and navigation properties by payload name.
    let byPropertyName: [String: PropertyMetadata]
    /// Storage names by the Swift name of the generated property.
    private let storageNames: [String: String]
    /// Each attribute's place in the table, by storage name: small numbers a reader can index arrays with.
    let indexByName: [String: Int]

    init(_ properties: [PropertyMetadata]) {
        var indexByName: [String: Int] = [:]
        for property in properties {
            if case .navigation = property.type { continue }
            indexByName[property.name] = indexByName[property.name] ?? indexByName.count
        }
        self.indexByName = indexByName
        var byName: [String: PropertyMetadata] = [:]
        var navigationsByName: [String: PropertyMetadata] = [:]
        var byPropertyName: [String: PropertyMetadata] = [:]
        var storageNames: [String: String] = [:]
        for property in properties {
            if let swiftName = property.swiftName { storageNames[swiftName] = property.name }
            if case .navigation = property.type {
                navigationsByName[property.name] = property
            } else {
                byName[property.name] = property
            }
            byPropertyName[property.propertyName] = property
        }
        self.byName = byName
        self.navigationsByName = navigationsByName
        self.byPropertyName = byPropertyName
        self.storageNames = storageNames
    }

    /// The storage name of the generated property `swiftName`; `swiftName` itself when no metadata lists it.
    func storageName(of swiftName: String) -> String { storageNames[swiftName] ?? swiftName }

    static let empty = PropertyTable([])

    /// The table of an entity class, with the properties of its base classes: generated classes list only the
    /// properties their own entity type declares.
    static func of(_ type: Entity.Type) -> PropertyTable {
        cache.value(for: type) {
            var classes: [Entity.Type] = []
            var current: Entity.Type? = type
            while let entityType = current {
                classes.append(entityType)
                current = _getSuperclass(entityType) as? Entity.Type
            }
            // Base classes first, so that a derived class's metadata for the same name wins.
            return PropertyTable(classes.reversed().flatMap(\.propertyMetadata))
        }
    }

    /// The table of a complex type.
    static func of(_ type: any ComplexValue.Type) -> PropertyTable {
        cache.value(for: type) { PropertyTable(type.propertyMetadata) }
    }

    private static let cache = TypeCache<PropertyTable>()
}
