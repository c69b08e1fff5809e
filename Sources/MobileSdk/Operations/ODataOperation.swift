/// A typed request for an action or function: generated code declares one per operation of the model, with its
/// parameters as typed properties; `ODataClient.invoke(_:)` sends it and reads its ``Response``.
public protocol ODataOperation {
    /// What the operation returns: `Void`, an entity class (optional), an array, a value type.
    associatedtype Response
    /// The name in the URL: namespace-qualified for a bound operation, the import's name for an unbound one.
    static var operationName: String { get }
    /// An action (POST, parameters in the body) or a function (GET, parameters in the URL).
    static var isAction: Bool { get }
    /// What the operation is bound to.
    var binding: OperationBinding { get }
    /// The parameters after the binding parameter, in declaration order; unset optional ones are left out.
    var parameters: [OperationParameter] { get }
    /// Reads the response body.
    static func response(from result: OperationResult) throws -> Response
}

/// One parameter of an operation: a value, or entities (an action's entity-typed parameter, sent with its type).
public struct OperationParameter {
    public enum Value {
        case value(AttributeValue)
        case entity(Entity)
        case entities([Entity])
    }

    public var name: String
    public var value: Value

    public init(_ name: String, _ value: AttributeValue) {
        self.name = name
        self.value = .value(value)
    }

    public init(_ name: String, entity: Entity) {
        self.name = name
        value = .entity(entity)
    }

    public init(_ name: String, entities: [Entity]) {
        self.name = name
        value = .entities(entities)
    }

    /// The parameters that are set, in order: generated requests list theirs with this.
    public static func list(_ parameters: OperationParameter?...) -> [OperationParameter] {
        parameters.compactMap { $0 }
    }

    /// A typed value; nil for an unset optional parameter, which is then left out.
    public static func typed<T: AttributeValueConvertible>(_ name: String, _ value: T?) -> OperationParameter? {
        value.map { OperationParameter(name, $0.attributeValue) }
    }

    /// A typed collection; nil when unset.
    public static func typed<T: AttributeValueConvertible>(_ name: String, _ values: [T]?) -> OperationParameter? {
        values.map { OperationParameter(name, .collection($0.map(\.attributeValue))) }
    }

    /// An entity; nil when unset.
    public static func entity(_ name: String, _ entity: Entity?) -> OperationParameter? {
        entity.map { OperationParameter(name, entity: $0) }
    }

    /// Entities; nil when unset.
    public static func entities(_ name: String, _ entities: [Entity]?) -> OperationParameter? {
        entities.map { OperationParameter(name, entities: $0) }
    }
}
