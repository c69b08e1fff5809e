/// A CSDL enumeration type.
public struct EnumType: Hashable, Sendable, Codable {
    public struct Member: Hashable, Sendable, Codable {
        public var name: String
        /// The value: as declared, or implied by the member's position when none is declared.
        public var value: Int64
        public var annotations: [Annotation] = []
        public var location: SourceLocation

        public init(name: String, value: Int64, location: SourceLocation) {
            self.name = name
            self.value = value
            self.location = location
        }
    }

    public var name: String
    public var underlyingType: EdmPrimitiveType = .int32
    public var isFlags = false
    public var members: [Member] = []
    public var annotations: [Annotation] = []
    public var location: SourceLocation

    public init(name: String, location: SourceLocation) {
        self.name = name
        self.location = location
    }
}

/// A CSDL type definition: a named primitive type with facets.
public struct TypeDefinition: Hashable, Sendable, Codable {
    public var name: String
    public var underlyingType: QualifiedName
    public var facets = Facets()
    public var annotations: [Annotation] = []
    public var location: SourceLocation

    public init(name: String, underlyingType: QualifiedName, location: SourceLocation) {
        self.name = name
        self.underlyingType = underlyingType
        self.location = location
    }
}

/// A vocabulary term.
public struct Term: Hashable, Sendable, Codable {
    public var name: String
    public var type: TypeReference
    public var baseTerm: QualifiedName?
    public var appliesTo: [String] = []
    public var defaultValue: String?
    public var isNullable = true
    public var facets = Facets()
    public var annotations: [Annotation] = []
    public var location: SourceLocation

    public init(name: String, type: TypeReference, location: SourceLocation) {
        self.name = name
        self.type = type
        self.location = location
    }
}
