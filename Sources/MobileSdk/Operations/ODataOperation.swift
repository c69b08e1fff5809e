/// A typed request for an action or function: generated code declares one per operation of the model, with an
/// initializer taking the operation's parameters as typed values; `ODataClient.invoke(_:)` sends it and reads its
/// ``Response``.
public protocol ODataOperation {
    /// What the operation returns: `Void`, an entity class (optional), an array, a value type.
    associatedtype Response
    /// What the request sends: the operation, its binding and its parameters.
    var call: OperationCall { get }
    /// Reads the response body.
    static func response(from result: OperationResult) throws -> Response
}

extension ODataOperation where Response == Void {
    /// An operation without a return type reads nothing.
    public static func response(from result: OperationResult) throws {}
}

/// What an operation request sends: the operation's name, whether it is an action, what it is bound to and its
/// parameters. A class, so that a generated request — a struct holding one — needs no value-witness code of its own.
public final class OperationCall {
    /// The name in the URL: namespace-qualified for a bound operation, the import's name for an unbound one.
    public let operationName: String
    /// An action (POST) or a function (GET). An OData v4 action sends its parameters in the body; functions and
    /// OData v2 service operations send them in the URL.
    public let isAction: Bool
    /// What the operation is bound to.
    public let binding: OperationBinding
    /// The parameters after the binding parameter, in declaration order; unset optional ones are left out.
    public let parameters: [OperationParameter]

    /// An action call; unset (nil) parameters are left out.
    public init(action name: String, on binding: OperationBinding = .unbound, _ parameters: OperationParameter?...) {
        operationName = name
        isAction = true
        self.binding = binding
        self.parameters = parameters.compactMap { $0 }
    }

    /// A function call; unset (nil) parameters are left out.
    public init(function name: String, on binding: OperationBinding = .unbound, _ parameters: OperationParameter?...) {
        operationName = name
        isAction = false
        self.binding = binding
        self.parameters = parameters.compactMap { $0 }
    }
}

/// One parameter of an operation: a value, or entities (an action's entity-typed parameter, sent with its type).
public struct OperationParameter {
    /// What a parameter carries: a value (primitive, complex or collection), one entity, or several entities.
    public enum Value {
        case value(AttributeValue)
        case entity(Entity)
        case entities([Entity])
    }

    /// The parameter's name in the operation's metadata, as sent in the body or the URL.
    public var name: String
    /// What the parameter carries.
    public var value: Value

    /// Creates a parameter named `name` carrying `value`: a primitive, complex or collection value.
    public init(_ name: String, _ value: AttributeValue) {
        self.name = name
        self.value = .value(value)
    }

    /// Creates an entity-typed parameter named `name`; in OData v4 the entity is sent with its `@odata.type`.
    public init(_ name: String, entity: Entity) {
        self.name = name
        value = .entity(entity)
    }

    /// Creates a parameter named `name` carrying a collection of entities, each sent with its `@odata.type` in v4.
    public init(_ name: String, entities: [Entity]) {
        self.name = name
        value = .entities(entities)
    }

    /// A typed value; nil for an unset optional parameter, which is then left out.
    public static func typed<T: AttributeValueConvertible>(_ name: String, _ value: T?) -> OperationParameter? {
        value.map { OperationParameter(name, $0.attributeValue) }
    }

    /// A typed collection; nil when unset.
    public static func typedCollection<T: AttributeValueConvertible>(_ name: String, _ values: [T]?)
        -> OperationParameter?
    { values.map { OperationParameter(name, .collection($0.map(\.attributeValue))) } }

    /// An entity; nil when unset.
    public static func entity(_ name: String, _ entity: Entity?) -> OperationParameter? {
        entity.map { OperationParameter(name, entity: $0) }
    }

    /// Entities; nil when unset.
    public static func entities(_ name: String, _ entities: [Entity]?) -> OperationParameter? {
        entities.map { OperationParameter(name, entities: $0) }
    }
}
