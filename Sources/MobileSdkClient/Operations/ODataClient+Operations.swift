import Foundation
import MobileSdk

/// What an action or function is bound to.
public enum OperationBinding: Sendable {
    /// An unbound operation (an action or function import).
    case unbound
    /// Bound to the entity set, e.g. `People/Sample.TripPin.GetTripsByTag(…)`.
    case entitySet(String)
    /// Bound to one entity.
    case entity(entitySet: String, key: EntityKey)
}

/// The body an action or function returned.
public struct OperationResult: Sendable {
    public var statusCode: Int
    public var body: Data
    let decoder: ODataJSONDecoder

    /// Whether the operation returned nothing (204).
    public var isEmpty: Bool { body.isEmpty }

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

extension ODataClient {
    /// Invokes an action (POST) with its parameters as the JSON body. Bound actions are named with their namespace.
    public func invokeAction(_ name: String, binding: OperationBinding = .unbound,
                             parameters: KeyValuePairs<String, AttributeValue> = [:]) async throws -> OperationResult {
        let request = try actionRequest(name, binding: binding, parameters: parameters)
        let response = try await send(request)
        return OperationResult(statusCode: response.statusCode, body: response.body, decoder: decoder)
    }

    /// The request ``invokeAction(_:binding:parameters:)`` sends, for ``batch(_:)``.
    public func actionRequest(_ name: String, binding: OperationBinding = .unbound,
                              parameters: KeyValuePairs<String, AttributeValue> = [:]) throws -> HTTPRequest {
        var body = Data("{".utf8)
        for (index, parameter) in parameters.enumerated() {
            if index > 0 { body.append(Data(",".utf8)) }
            body.append(try JSONSerialization.data(withJSONObject: [parameter.key], options: []).dropFirst().dropLast())
            body.append(Data(":".utf8))
            body.append(try encoding { try encoder.encodeValue(parameter.value) })
        }
        body.append(Data("}".utf8))
        return try request("POST", try operationPath(name, binding: binding), body: body)
    }

    /// Invokes a function (GET); parameters go in the URL as aliases, `F(p=@p)?@p=value`, so that any value is safe.
    public func invokeFunction(_ name: String, binding: OperationBinding = .unbound,
                               parameters: KeyValuePairs<String, AttributeValue> = [:]) async throws -> OperationResult {
        let path = try operationPath(name, binding: binding)
        var url: String
        switch version {
        case .v4:
            url = path + "(" + parameters.map { "\($0.key)=@\($0.key)" }.joined(separator: ",") + ")"
            let aliases = try parameters.map { "@" + $0.key + "=" + URLText.query(try ODataLiteral.format($0.value, version: version)) }
            if !aliases.isEmpty { url += "?" + aliases.joined(separator: "&") }
        case .v2:
            let values = try parameters.map { $0.key + "=" + URLText.query(try ODataLiteral.format($0.value, version: version)) }
            url = path + (values.isEmpty ? "" : "?" + values.joined(separator: "&"))
        }
        let request = try request("GET", url)
        let response = try await send(request)
        return OperationResult(statusCode: response.statusCode, body: response.body, decoder: decoder)
    }

    private func operationPath(_ name: String, binding: OperationBinding) throws -> String {
        switch binding {
        case .unbound: URLText.path(name)
        case .entitySet(let set): URLText.path(set) + "/" + URLText.path(name)
        case .entity(let set, let key): URLText.path(set + (try key.urlSegment(version))) + "/" + URLText.path(name)
        }
    }
}
