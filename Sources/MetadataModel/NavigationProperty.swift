/// A navigation property: a typed link to one related entity or a collection of them.
///
/// OData v2/v3 navigation properties are resolved through their association, so they carry
/// the same information as v4 ones; `relationship`, `fromRole` and `toRole` keep the source.
public struct NavigationProperty: Hashable, Sendable, Codable {
    public var name: String
    /// The target entity type; a collection for to-many links.
    public var type: TypeReference
    public var isNullable = true
    public var partner: String?
    public var containsTarget = false
    public var referentialConstraints: [ReferentialConstraint] = []
    /// `OnDelete` action (Cascade, None, SetNull, SetDefault).
    public var onDelete: String?
    /// v2/v3 only: the association, and the roles at either end.
    public var relationship: QualifiedName?
    public var fromRole: String?
    public var toRole: String?
    /// v2/v3 only: the multiplicity of the target end (`1`, `0..1`, `*`).
    public var multiplicity: String?
    public var annotations: [Annotation] = []
    public var sap: SAPAttributes?
    public var location: SourceLocation

    public init(name: String, type: TypeReference, location: SourceLocation) {
        self.name = name
        self.type = type
        self.location = location
    }
}

/// A dependent property and the principal property it refers to.
public struct ReferentialConstraint: Hashable, Sendable, Codable {
    public var property: String
    public var referencedProperty: String
    public var location: SourceLocation

    public init(property: String, referencedProperty: String, location: SourceLocation) {
        self.property = property
        self.referencedProperty = referencedProperty
        self.location = location
    }
}
