/// What entity and complex types share: a name, a base type, properties and navigation properties.
public protocol StructuredType: Annotatable {
    var name: String { get set }
    var baseType: QualifiedName? { get set }
    var isAbstract: Bool { get set }
    var isOpen: Bool { get set }
    var properties: [Property] { get set }
    var navigationProperties: [NavigationProperty] { get set }
    var annotations: [Annotation] { get set }
    var location: SourceLocation { get }
}

/// An entity type: a keyed structured type.
public struct EntityType: StructuredType, Hashable, Sendable, Codable {
    /// The type's `Name`, or the logical name of a Dynamics entity; unqualified.
    public var name: String
    /// Key properties (several for a composite key); empty when inherited from the base type.
    public var key: [PropertyRef] = []
    /// `BaseType`, with aliases resolved; nil when the type derives from none.
    public var baseType: QualifiedName?
    /// `Abstract`: the type has no instances of its own, only of derived types; false by default.
    public var isAbstract = false
    /// `OpenType`: instances may hold properties the type does not declare; false by default.
    public var isOpen = false
    /// `HasStream` (`m:HasStream` in v2/v3): a media entity, with a stream as its value; false by default.
    public var hasStream = false
    /// The structural properties the type declares (not those it inherits), in document order.
    public var properties: [Property] = []
    /// The navigation properties the type declares (not those it inherits), in document order.
    public var navigationProperties: [NavigationProperty] = []
    /// Vocabulary annotations: inline ones and external `<Annotations>` targeting the type.
    public var annotations: [Annotation] = []
    /// SAP Gateway `sap:` attributes (OData v2).
    public var sap: SAPAttributes?
    /// What Dynamics entity metadata says about this entity, when it was read or merged.
    public var dynamics: DynamicsEntity?
    /// Where the type was declared, for diagnostics.
    public var location: SourceLocation

    /// Creates an entity type of this name without key, base type, properties or annotations.
    public init(name: String, location: SourceLocation) {
        self.name = name
        self.location = location
    }
}

/// A complex type: a structured type without a key.
public struct ComplexType: StructuredType, Hashable, Sendable, Codable {
    /// The type's `Name`, unqualified; the schema's namespace qualifies it.
    public var name: String
    /// `BaseType`, with aliases resolved; nil when the type derives from none.
    public var baseType: QualifiedName?
    /// `Abstract`: the type has no instances of its own, only of derived types; false by default.
    public var isAbstract = false
    /// `OpenType`: instances may hold properties the type does not declare; false by default.
    public var isOpen = false
    /// The structural properties the type declares (not those it inherits), in document order.
    public var properties: [Property] = []
    /// The navigation properties the type declares (not those it inherits), in document order.
    public var navigationProperties: [NavigationProperty] = []
    /// Vocabulary annotations: inline ones and external `<Annotations>` targeting the type.
    public var annotations: [Annotation] = []
    /// Where the `<ComplexType>` element starts, for diagnostics.
    public var location: SourceLocation

    /// Creates a complex type of this name without base type, properties or annotations.
    public init(name: String, location: SourceLocation) {
        self.name = name
        self.location = location
    }
}

/// A key property reference; `name` may be a path into a complex property (`Address/City`).
public struct PropertyRef: Hashable, Sendable, Codable {
    /// `Name`: the key property, or a path to it.
    public var name: String
    /// `Alias`: the name of a key given as a path, used in URLs; nil when not given.
    public var alias: String?
    /// Where the key property reference was declared, for diagnostics.
    public var location: SourceLocation

    /// Creates a reference to the key property or path `name`, with its `alias` if it has one.
    public init(name: String, alias: String? = nil, location: SourceLocation) {
        self.name = name
        self.alias = alias
        self.location = location
    }
}
