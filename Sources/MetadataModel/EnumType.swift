/// A CSDL enumeration type.
public struct EnumType: Hashable, Sendable, Codable {
    /// One `<Member>` of the enumeration: a name and an integer value.
    public struct Member: Hashable, Sendable, Codable {
        /// The member's `Name`, as the metadata spells it.
        public var name: String
        /// The value: as declared, or implied by the member's position when none is declared.
        public var value: Int64
        /// Vocabulary annotations: inline ones and external `<Annotations>` targeting `Type/Member`.
        public var annotations: [Annotation] = []
        /// Where the `<Member>` element starts, for diagnostics.
        public var location: SourceLocation

        /// Creates a member with this name, value and location, without annotations.
        public init(name: String, value: Int64, location: SourceLocation) {
            self.name = name
            self.value = value
            self.location = location
        }
    }

    /// The type's `Name`, unqualified; the schema's namespace qualifies it.
    public var name: String
    /// `UnderlyingType` (an Edm integer type in valid CSDL); `Edm.Int32` when absent or not an Edm primitive type.
    public var underlyingType: EdmPrimitiveType = .int32
    /// `IsFlags`: members are bit flags that a value may combine; false by default.
    public var isFlags = false
    /// The members that were read, in document order; one whose `Value` is not an integer is skipped.
    public var members: [Member] = []
    /// Vocabulary annotations: inline ones and external `<Annotations>` targeting the type.
    public var annotations: [Annotation] = []
    /// Where the `<EnumType>` element starts, for diagnostics.
    public var location: SourceLocation

    /// Creates an `Edm.Int32` enumeration of this name that is not flags, without members.
    public init(name: String, location: SourceLocation) {
        self.name = name
        self.location = location
    }
}

/// A CSDL type definition: a named primitive type with facets.
public struct TypeDefinition: Hashable, Sendable, Codable {
    /// The definition's `Name`, unqualified; the schema's namespace qualifies it.
    public var name: String
    /// `UnderlyingType`: the primitive type it names, such as `Edm.String`, with aliases resolved.
    public var underlyingType: QualifiedName
    /// The facets the definition fixes (`MaxLength`, `Precision`…); each nil when not given.
    public var facets = Facets()
    /// Vocabulary annotations: inline ones and external `<Annotations>` targeting the definition.
    public var annotations: [Annotation] = []
    /// Where the `<TypeDefinition>` element starts, for diagnostics.
    public var location: SourceLocation

    /// Creates a type definition of this name and underlying type, without facets or annotations.
    public init(name: String, underlyingType: QualifiedName, location: SourceLocation) {
        self.name = name
        self.underlyingType = underlyingType
        self.location = location
    }
}

/// A vocabulary term.
public struct Term: Hashable, Sendable, Codable {
    /// The term's `Name`, unqualified; annotations name it qualified, as `Namespace.Name`.
    public var name: String
    /// `Type`: the type of the term's values, possibly a collection.
    public var type: TypeReference
    /// `BaseTerm`: a term this one specializes; nil when there is none.
    public var baseTerm: QualifiedName?
    /// `AppliesTo`, split at spaces: the kinds of element (`Property`, `EntitySet`…) the term applies to;
    /// empty when not given.
    public var appliesTo: [String] = []
    /// `DefaultValue`, as written; nil when not given.
    public var defaultValue: String?
    /// `Nullable`: whether the term's value may be null; true by default.
    public var isNullable = true
    /// The facets of the term's type (`MaxLength`, `Precision`…); each nil when not given.
    public var facets = Facets()
    /// Vocabulary annotations written inside the `<Term>` element.
    public var annotations: [Annotation] = []
    /// Where the `<Term>` element starts, for diagnostics.
    public var location: SourceLocation

    /// Creates a nullable term of this name and type, without base term, facets or annotations.
    public init(name: String, type: TypeReference, location: SourceLocation) {
        self.name = name
        self.type = type
        self.location = location
    }
}
