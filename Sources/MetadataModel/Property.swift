/// A structural property of an entity or complex type, or a Dynamics attribute.
public struct Property: Hashable, Sendable, Codable {
    public var name: String
    public var type: TypeReference
    public var isNullable = true
    public var facets = Facets()
    public var defaultValue: String?
    /// `ConcurrencyMode="Fixed"` (OData v2/v3) or `Core.OptimisticConcurrency`.
    public var concurrencyMode: String?
    public var annotations: [Annotation] = []
    public var sap: SAPAttributes?
    /// What Dynamics entity metadata says about this attribute, when it was read or merged.
    public var dynamics: DynamicsAttribute?
    public var location: SourceLocation

    public init(name: String, type: TypeReference, location: SourceLocation) {
        self.name = name
        self.type = type
        self.location = location
    }
}

/// Type facets shared by properties, parameters, return types, terms and type definitions.
public struct Facets: Hashable, Sendable, Codable {
    public var maxLength: MaxLength?
    public var precision: Int?
    /// A number, `variable` or `floating`.
    public var scale: String?
    public var srid: String?
    public var isUnicode: Bool?
    public var isFixedLength: Bool?

    public init() {}
}

/// `MaxLength`: a number of characters or bytes, or `max` (any spelling).
public enum MaxLength: Hashable, Sendable, Codable {
    case max
    case value(Int)
}
