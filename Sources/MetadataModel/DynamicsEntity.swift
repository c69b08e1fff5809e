/// What Dynamics entity metadata says about an entity: names, labels, keys and relationships.
public struct DynamicsEntity: Hashable, Sendable, Codable {
    /// `LogicalName`, e.g. `account`; also the entity type's name.
    public var logicalName: String
    /// `SchemaName`, e.g. `Account`; nil when absent.
    public var schemaName: String?
    /// `EntitySetName`: the Web API's entity set, e.g. `accounts`; nil when absent.
    public var entitySetName: String?
    /// `LogicalCollectionName`: the plural logical name, e.g. `accounts`; nil when absent.
    public var logicalCollectionName: String?
    /// `ObjectTypeCode`: the entity's type number, e.g. 1 for `account`; nil when absent.
    public var objectTypeCode: Int?
    /// `PrimaryIdAttribute`: the logical name of the key attribute; the entity type's key when it has it.
    public var primaryIDAttribute: String?
    /// `PrimaryNameAttribute`: the logical name of the attribute that names a record; nil when absent.
    public var primaryNameAttribute: String?
    /// `PrimaryImageAttribute`: the logical name of the entity's image attribute; nil when it has none.
    public var primaryImageAttribute: String?
    /// `DisplayName`: the singular label in each language.
    public var displayName = Label()
    /// `DisplayCollectionName`: the plural label in each language.
    public var displayCollectionName = Label()
    /// `Description`, in each language.
    public var description = Label()
    /// `IsActivity`: whether the entity is an activity (email, task, appointment…); nil when not read.
    public var isActivity: Bool?
    /// `IsCustomEntity`: whether a customizer, not the system, created the entity; nil when not read.
    public var isCustomEntity: Bool?
    /// `OwnershipType`, e.g. `UserOwned`, `OrganizationOwned` or `None`; nil when absent.
    public var ownershipType: String?
    /// Alternate keys: each a logical name and its key attributes.
    public var keys: [DynamicsKey] = []
    /// The one-to-many, many-to-one and many-to-many relationships, in document order.
    public var relationships: [DynamicsRelationship] = []
    /// Where the entity's metadata was read.
    public var location: SourceLocation

    /// Creates an entity with its logical name and source location; the rest is filled in as it is read.
    public init(logicalName: String, location: SourceLocation) {
        self.logicalName = logicalName
        self.location = location
    }

    /// The old spelling of ``primaryIDAttribute``.
    @available(*, deprecated, renamed: "primaryIDAttribute") public var primaryIdAttribute: String? {
        get { primaryIDAttribute }
        set { primaryIDAttribute = newValue }
    }
}

/// An alternate key of a Dynamics entity.
public struct DynamicsKey: Hashable, Sendable, Codable {
    /// The key's `LogicalName`.
    public var logicalName: String
    /// The key's `SchemaName`; nil when absent.
    public var schemaName: String?
    /// `KeyAttributes`: the logical names of the attributes that make up the key.
    public var attributes: [String]
    /// The key's `DisplayName`, in each language.
    public var displayName = Label()

    /// Creates a key with its logical name, schema name and key attributes.
    public init(logicalName: String, schemaName: String?, attributes: [String]) {
        self.logicalName = logicalName
        self.schemaName = schemaName
        self.attributes = attributes
    }
}

/// A Dynamics relationship, one-to-many or many-to-many.
public struct DynamicsRelationship: Hashable, Sendable, Codable {
    /// Which of the entity's lists held the relationship: `OneToManyRelationships`,
    /// `ManyToOneRelationships` or `ManyToManyRelationships`.
    public enum Kind: String, Hashable, Sendable, Codable { case oneToMany, manyToOne, manyToMany }

    /// Which of the entity's relationship lists held it.
    public var kind: Kind
    /// `SchemaName`: the relationship's unique name.
    public var schemaName: String
    /// `ReferencedEntity`: the logical name of the "one" side; nil for many-to-many.
    public var referencedEntity: String?
    /// `ReferencedAttribute`: the attribute of the referenced entity, usually its primary id.
    public var referencedAttribute: String?
    /// `ReferencingEntity`: the logical name of the "many" side, which holds the lookup.
    public var referencingEntity: String?
    /// `ReferencingAttribute`: the lookup attribute of the referencing entity.
    public var referencingAttribute: String?
    /// `ReferencedEntityNavigationPropertyName`: the referenced entity's collection-valued navigation property.
    public var referencedNavigationProperty: String?
    /// `ReferencingEntityNavigationPropertyName`: the referencing entity's single-valued navigation property.
    public var referencingNavigationProperty: String?
    /// Many-to-many only.
    public var entity1: String?
    /// `Entity2LogicalName`: the second entity of a many-to-many relationship.
    public var entity2: String?
    /// `IntersectEntityName`: the entity whose records pair the two sides of a many-to-many relationship.
    public var intersectEntity: String?
    /// `Entity1NavigationPropertyName`: the first entity's collection-valued navigation property.
    public var entity1NavigationProperty: String?
    /// `Entity2NavigationPropertyName`: the second entity's collection-valued navigation property.
    public var entity2NavigationProperty: String?
    /// Where the relationship's metadata was read.
    public var location: SourceLocation

    /// Creates a relationship of `kind` with its schema name and source location.
    public init(kind: Kind, schemaName: String, location: SourceLocation) {
        self.kind = kind
        self.schemaName = schemaName
        self.location = location
    }
}
