import Foundation

/// The body an action or function returned.
public struct OperationResult: Sendable {
    /// The response's HTTP status code, e.g. 200, or 204 when the operation returned nothing.
    public var statusCode: Int
    /// The response body as received; empty when the operation returned nothing.
    public var body: Data
    let decoder: ODataJSONDecoder

    /// A response body, read with `decoder`.
    public init(statusCode: Int, body: Data, decoder: ODataJSONDecoder) {
        self.statusCode = statusCode
        self.body = body
        self.decoder = decoder
    }

    /// Whether the operation returned nothing (204).
    public var isEmpty: Bool { body.isEmpty }

    /// The returned entity, or nil when there is none (204, or a null value).
    public func optionalEntity<T: Entity>(_ type: T.Type) throws -> T? { isEmpty ? nil : try entity(type) }

    /// The returned value as `T`, or nil when there is none.
    public func value<T: AttributeValueConvertible>(_ type: T.Type, as propertyType: PropertyType) throws -> T? {
        guard !isEmpty else { return nil }
        return T(attributeValue: try value(propertyType))
    }

    /// The returned collection as `[T]`; empty when there is none.
    public func values<T: AttributeValueConvertible>(_ type: T.Type, as propertyType: PropertyType) throws -> [T] {
        guard !isEmpty, case .collection(let elements) = try value(propertyType, collection: true) else { return [] }
        return elements.compactMap(T.init(attributeValue:))
    }

    /// The returned entity.
    public func entity<T: Entity>(_ type: T.Type, logicalName: String? = nil) throws -> T {
        try decoder.decodeEntity(type, from: body, logicalName: logicalName)
    }

    /// The returned entities.
    public func entities<T: Entity>(_ type: T.Type, logicalName: String? = nil) throws -> [T] {
        try decoder.decodeCollection(type, from: body, logicalName: logicalName).entities.compactMap { $0 as? T }
    }

    /// The returned primitive, complex or collection value (`{"value": …}` in v4, `{"d": …}` in v2), typed by `type`
    /// when given.
    public func value(_ type: PropertyType? = nil, collection: Bool = false) throws -> AttributeValue {
        try decoder.decodeValue(from: body, type: type, collection: collection)
    }
}
