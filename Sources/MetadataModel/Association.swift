/// An OData v2/v3 association between two entity types.
public struct Association: Hashable, Sendable, Codable {
    public struct End: Hashable, Sendable, Codable {
        public var role: String
        public var type: QualifiedName
        /// `1`, `0..1` or `*`.
        public var multiplicity: String
        public var onDelete: String?

        public init(role: String, type: QualifiedName, multiplicity: String, onDelete: String? = nil) {
            self.role = role
            self.type = type
            self.multiplicity = multiplicity
            self.onDelete = onDelete
        }
    }

    /// The principal and dependent sides of a referential constraint.
    public struct Constraint: Hashable, Sendable, Codable {
        public var principalRole: String
        public var principalProperties: [String]
        public var dependentRole: String
        public var dependentProperties: [String]

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

    public var name: String
    public var ends: [End] = []
    public var constraint: Constraint?
    public var location: SourceLocation

    public init(name: String, location: SourceLocation) {
        self.name = name
        self.location = location
    }
}
