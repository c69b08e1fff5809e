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
    public var name: String
    /// Key properties (several for a composite key); empty when inherited from the base type.
    public var key: [PropertyRef] = []
    public var baseType: QualifiedName?
    public var isAbstract = false
    public var isOpen = false
    public var hasStream = false
    public var properties: [Property] = []
    public var navigationProperties: [NavigationProperty] = []
    public var annotations: [Annotation] = []
    /// SAP Gateway `sap:` attributes (OData v2).
    public var sap: SAPAttributes?
    /// What Dynamics entity metadata says about this entity, when it was read or merged.
    public var dynamics: DynamicsEntity?
    public var location: SourceLocation

    public init(name: String, location: SourceLocation) {
        self.name = name
        self.location = location
    }
}

/// A complex type: a structured type without a key.
public struct ComplexType: StructuredType, Hashable, Sendable, Codable {
    public var name: String
    public var baseType: QualifiedName?
    public var isAbstract = false
    public var isOpen = false
    public var properties: [Property] = []
    public var navigationProperties: [NavigationProperty] = []
    public var annotations: [Annotation] = []
    public var location: SourceLocation

    public init(name: String, location: SourceLocation) {
        self.name = name
        self.location = location
    }
}

/// A key property reference; `name` may be a path into a complex property (`Address/City`).
public struct PropertyRef: Hashable, Sendable, Codable {
    public var name: String
    public var alias: String?
    public var location: SourceLocation

    public init(name: String, alias: String? = nil, location: SourceLocation) {
        self.name = name
        self.alias = alias
        self.location = location
    }
}
