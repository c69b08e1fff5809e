/// A navigation property: a typed link to one related entity or a collection of them.
///
/// OData v2/v3 navigation properties are resolved through their association, so they carry
/// the same information as v4 ones; `relationship`, `fromRole` and `toRole` keep the source.
public struct NavigationProperty: Hashable, Sendable, Codable {
    /// The property's `Name`, as the metadata spells it.
    public var name: String
    /// The target entity type; a collection for to-many links.
    public var type: TypeReference
    /// `Nullable`: whether a to-one link may be empty; true by default. For v2/v3, false when the
    /// target end's multiplicity is `1`.
    public var isNullable = true
    /// `Partner`: the navigation property of the target type that leads back; for v2/v3, the one with
    /// the same association and the roles swapped. Nil when there is none.
    public var partner: String?
    /// `ContainsTarget`: the targets are contained in this entity, not in an entity set; false by default.
    public var containsTarget = false
    /// `<ReferentialConstraint>` children: dependent properties and the target's properties they equal.
    /// For v2/v3, the association's constraint when this property starts at its dependent end.
    public var referentialConstraints: [ReferentialConstraint] = []
    /// `OnDelete` action (Cascade, None, SetNull, SetDefault).
    public var onDelete: String?
    /// v2/v3 only: the association, and the roles at either end.
    public var relationship: QualifiedName?
    /// `FromRole`: the association end of the type that declares this property.
    public var fromRole: String?
    /// `ToRole`: the association end this property leads to.
    public var toRole: String?
    /// v2/v3 only: the multiplicity of the target end (`1`, `0..1`, `*`).
    public var multiplicity: String?
    /// Vocabulary annotations: inline ones and external `<Annotations>` targeting `Type/Property`.
    public var annotations: [Annotation] = []
    /// SAP Gateway `sap:` attributes (OData v2); nil when the element has none.
    public var sap: SAPAttributes?
    /// Where the `<NavigationProperty>` element starts, for diagnostics.
    public var location: SourceLocation

    /// Creates a nullable navigation property of this name and target type, without constraints.
    public init(name: String, type: TypeReference, location: SourceLocation) {
        self.name = name
        self.type = type
        self.location = location
    }
}

/// A dependent property and the principal property it refers to.
public struct ReferentialConstraint: Hashable, Sendable, Codable {
    /// `Property`: the dependent property, a path in the type that declares the navigation property.
    public var property: String
    /// `ReferencedProperty`: the principal property it equals, a path in the target type.
    public var referencedProperty: String
    /// Where the constraint was declared; for v2/v3, the association's location.
    public var location: SourceLocation

    /// Creates a constraint between a dependent property and the principal property it refers to.
    public init(property: String, referencedProperty: String, location: SourceLocation) {
        self.property = property
        self.referencedProperty = referencedProperty
        self.location = location
    }
}
