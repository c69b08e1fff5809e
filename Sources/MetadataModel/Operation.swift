/// An action or function (OData v4, and v3's bindable function imports as read from v4 hybrids).
public struct Operation: Hashable, Sendable, Codable {
    public enum Kind: String, Hashable, Sendable, Codable { case action, function }

    public var kind: Kind
    public var name: String
    /// Bound operations take the binding parameter first.
    public var isBound = false
    public var isComposable = false
    public var entitySetPath: String?
    public var parameters: [Parameter] = []
    public var returnType: ReturnType?
    public var annotations: [Annotation] = []
    public var location: SourceLocation

    public init(kind: Kind, name: String, location: SourceLocation) {
        self.kind = kind
        self.name = name
        self.location = location
    }

    /// The binding parameter's type, for a bound operation.
    public var bindingType: TypeReference? { isBound ? parameters.first?.type : nil }
}

/// A parameter of an operation or v2/v3 function import.
public struct Parameter: Hashable, Sendable, Codable {
    public var name: String
    public var type: TypeReference
    public var isNullable = true
    public var facets = Facets()
    /// v2/v3: `In`, `Out` or `InOut`.
    public var mode: String?
    public var annotations: [Annotation] = []
    public var location: SourceLocation

    public init(name: String, type: TypeReference, location: SourceLocation) {
        self.name = name
        self.type = type
        self.location = location
    }
}

/// The return type of an operation or v2/v3 function import.
public struct ReturnType: Hashable, Sendable, Codable {
    public var type: TypeReference
    public var isNullable = true
    public var facets = Facets()
    public var annotations: [Annotation] = []
    public var location: SourceLocation

    public init(type: TypeReference, location: SourceLocation) {
        self.type = type
        self.location = location
    }
}
