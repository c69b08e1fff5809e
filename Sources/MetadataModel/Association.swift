/// An OData v2/v3 association between two entity types.
public struct Association: Hashable, Sendable, Codable {
    /// One `<End>` of the association: a role, its entity type and its multiplicity.
    public struct End: Hashable, Sendable, Codable {
        /// The `Role` attribute, which navigation properties name in `FromRole` and `ToRole`.
        public var role: String
        /// The `Type` attribute: the entity type at this end.
        public var type: QualifiedName
        /// `1`, `0..1` or `*`.
        public var multiplicity: String
        /// The `Action` of an `<OnDelete>` child (`Cascade` or `None`); nil without one.
        public var onDelete: String?

        /// Creates an end with its role, entity type, multiplicity and optional delete action.
        public init(role: String, type: QualifiedName, multiplicity: String, onDelete: String? = nil) {
            self.role = role
            self.type = type
            self.multiplicity = multiplicity
            self.onDelete = onDelete
        }
    }

    /// The principal and dependent sides of a referential constraint.
    public struct Constraint: Hashable, Sendable, Codable {
        /// The `Role` of `<Principal>`: the end whose key is referenced.
        public var principalRole: String
        /// The `<PropertyRef Name>`s of `<Principal>`, paired in order with `dependentProperties`.
        public var principalProperties: [String]
        /// The `Role` of `<Dependent>`: the end that holds the foreign key.
        public var dependentRole: String
        /// The `<PropertyRef Name>`s of `<Dependent>`: the foreign-key properties.
        public var dependentProperties: [String]

        /// Creates a constraint from the principal and dependent roles and their property names.
        public init(
            principalRole: String,
            principalProperties: [String],
            dependentRole: String,
            dependentProperties: [String]
        ) {
            self.principalRole = principalRole
            self.principalProperties = principalProperties
            self.dependentRole = dependentRole
            self.dependentProperties = dependentProperties
        }
    }

    /// The `Name` attribute, unqualified; navigation properties' `Relationship` qualifies it with the namespace.
    public var name: String
    /// The `<End>` children, in document order; a valid association has two.
    public var ends: [End] = []
    /// The `<ReferentialConstraint>`; nil when the association has none.
    public var constraint: Constraint?
    /// Where the `<Association>` element was read.
    public var location: SourceLocation

    /// Creates an association with its name and source location, and no ends.
    public init(name: String, location: SourceLocation) {
        self.name = name
        self.location = location
    }
}
