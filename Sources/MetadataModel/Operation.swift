/// An action or function (OData v4, and v3's bindable function imports as read from v4 hybrids).
public struct Operation: Hashable, Sendable, Codable {
    /// Whether the operation is an `<Action>` (`action`) or a `<Function>` (`function`).
    public enum Kind: String, Hashable, Sendable, Codable { case action, function }

    /// An action (may have side effects, invoked with POST) or a function (none, invoked with GET).
    public var kind: Kind
    /// The operation's `Name`, unqualified; the schema's namespace qualifies it.
    public var name: String
    /// Bound operations take the binding parameter first.
    public var isBound = false
    /// `IsComposable`: query options or further calls may follow the function's result; false by default.
    public var isComposable = false
    /// `EntitySetPath`: the path from the binding parameter to the result's entity set; nil when not given.
    public var entitySetPath: String?
    /// The `<Parameter>` elements, in document order; for a bound operation the binding parameter first.
    public var parameters: [Parameter] = []
    /// `<ReturnType>`; nil when there is none, as for an action that returns nothing.
    public var returnType: ReturnType?
    /// Vocabulary annotations written inside the operation's element.
    public var annotations: [Annotation] = []
    /// Where the operation was declared, for diagnostics.
    public var location: SourceLocation

    /// Creates an unbound, non-composable operation of this kind and name, without parameters or result.
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
    /// The parameter's `Name`, as the metadata spells it.
    public var name: String
    /// `Type`: the parameter's type, possibly a collection.
    public var type: TypeReference
    /// `Nullable`: whether the argument may be null; true by default.
    public var isNullable = true
    /// The facets of the parameter's type (`MaxLength`, `Precision`…); each nil when not given.
    public var facets = Facets()
    /// v2/v3: `In`, `Out` or `InOut`.
    public var mode: String?
    /// Vocabulary annotations written inside the `<Parameter>` element.
    public var annotations: [Annotation] = []
    /// Where the `<Parameter>` element starts, for diagnostics.
    public var location: SourceLocation

    /// Creates a nullable parameter of this name and type, without facets, mode or annotations.
    public init(name: String, type: TypeReference, location: SourceLocation) {
        self.name = name
        self.type = type
        self.location = location
    }
}

/// The return type of an operation or v2/v3 function import.
public struct ReturnType: Hashable, Sendable, Codable {
    /// `Type` of the `<ReturnType>` element, or of a v2/v3 function import's `ReturnType` attribute.
    public var type: TypeReference
    /// `Nullable`: whether the result may be null; true by default.
    public var isNullable = true
    /// The facets of the returned type (`MaxLength`, `Precision`…); each nil when not given.
    public var facets = Facets()
    /// Vocabulary annotations written inside the `<ReturnType>` element.
    public var annotations: [Annotation] = []
    /// Where the return type was declared, for diagnostics.
    public var location: SourceLocation

    /// Creates a nullable return type of this type, without facets or annotations.
    public init(type: TypeReference, location: SourceLocation) {
        self.type = type
        self.location = location
    }
}
