/// A structural property of an entity or complex type, or a Dynamics attribute.
public struct Property: Hashable, Sendable, Codable {
    /// The property's `Name`, or the logical name of a Dynamics attribute.
    public var name: String
    /// `Type`, with aliases resolved; for a Dynamics attribute, the Edm type the Web API gives it.
    public var type: TypeReference
    /// `Nullable`: whether the value may be null; true by default. A Dynamics attribute is nullable
    /// unless it is the entity's primary ID.
    public var isNullable = true
    /// `MaxLength`, `Precision`, `Scale` and the other facets; each nil when not given.
    public var facets = Facets()
    /// `DefaultValue`, as written; nil when not given.
    public var defaultValue: String?
    /// `ConcurrencyMode="Fixed"` (OData v2/v3) or `Core.OptimisticConcurrency`.
    public var concurrencyMode: String?
    /// Vocabulary annotations: inline ones (v2/v3 `<Documentation>` as `Core` terms) and external
    /// `<Annotations>` targeting `Type/Property`.
    public var annotations: [Annotation] = []
    /// SAP Gateway `sap:` attributes (OData v2); nil when the element has none.
    public var sap: SAPAttributes?
    /// What Dynamics entity metadata says about this attribute, when it was read or merged.
    public var dynamics: DynamicsAttribute?
    /// Where the property was declared, for diagnostics.
    public var location: SourceLocation

    /// Creates a nullable property of this name and type, without facets or annotations.
    public init(name: String, type: TypeReference, location: SourceLocation) {
        self.name = name
        self.type = type
        self.location = location
    }
}

/// Type facets shared by properties, parameters, return types, terms and type definitions.
public struct Facets: Hashable, Sendable, Codable {
    /// `MaxLength`: the longest value allowed; nil when not given or neither a number nor `max`.
    public var maxLength: MaxLength?
    /// `Precision`: the significant digits of a decimal, or the fractional-second digits of a temporal
    /// value; nil when not given.
    public var precision: Int?
    /// A number, `variable` or `floating`.
    public var scale: String?
    /// `SRID` of a geography or geometry type: a number or `variable`, as written; nil when not given.
    public var srid: String?
    /// `Unicode`: whether a string may hold any Unicode character; nil when not given (CSDL: true).
    public var isUnicode: Bool?
    /// v2/v3 `FixedLength`: whether every value has the maximum length; nil when not given.
    public var isFixedLength: Bool?

    /// Creates facets with none given.
    public init() {}
}

/// `MaxLength`: a number of characters or bytes, or `max` (any spelling).
public enum MaxLength: Hashable, Sendable, Codable {
    /// `max`: as long as the service allows.
    case max
    /// A number of characters for a string, or of bytes for binary data.
    case value(Int)
}
