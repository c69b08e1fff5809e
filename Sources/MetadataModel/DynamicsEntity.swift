/// What Dynamics entity metadata says about an entity: names, labels, keys and relationships.
public struct DynamicsEntity: Hashable, Sendable, Codable {
    public var logicalName: String
    public var schemaName: String?
    public var entitySetName: String?
    public var logicalCollectionName: String?
    public var objectTypeCode: Int?
    public var primaryIdAttribute: String?
    public var primaryNameAttribute: String?
    public var primaryImageAttribute: String?
    public var displayName = Label()
    public var displayCollectionName = Label()
    public var description = Label()
    public var isActivity: Bool?
    public var isCustomEntity: Bool?
    public var ownershipType: String?
    /// Alternate keys: each a logical name and its key attributes.
    public var keys: [DynamicsKey] = []
    public var relationships: [DynamicsRelationship] = []
    public var location: SourceLocation

    public init(logicalName: String, location: SourceLocation) {
        self.logicalName = logicalName
        self.location = location
    }
}

/// An alternate key of a Dynamics entity.
public struct DynamicsKey: Hashable, Sendable, Codable {
    public var logicalName: String
    public var schemaName: String?
    public var attributes: [String]
    public var displayName = Label()

    public init(logicalName: String, schemaName: String?, attributes: [String]) {
        self.logicalName = logicalName
        self.schemaName = schemaName
        self.attributes = attributes
    }
}

/// A Dynamics relationship, one-to-many or many-to-many.
public struct DynamicsRelationship: Hashable, Sendable, Codable {
    public enum Kind: String, Hashable, Sendable, Codable { case oneToMany, manyToOne, manyToMany }

    public var kind: Kind
    public var schemaName: String
    public var referencedEntity: String?
    public var referencedAttribute: String?
    public var referencingEntity: String?
    public var referencingAttribute: String?
    public var referencedNavigationProperty: String?
    public var referencingNavigationProperty: String?
    /// Many-to-many only.
    public var entity1: String?
    public var entity2: String?
    public var intersectEntity: String?
    public var entity1NavigationProperty: String?
    public var entity2NavigationProperty: String?
    public var location: SourceLocation

    public init(kind: Kind, schemaName: String, location: SourceLocation) {
        self.kind = kind
        self.schemaName = schemaName
        self.location = location
    }
}
