import Foundation
import MobileSdk

extension ODataClient {
    /// Sends a typed operation request (generated per action and function) and reads its response.
    nonisolated(nonsending) public func invoke<Operation: ODataOperation>(_ operation: Operation) async throws
        -> Operation.Response
    { try await invoke(operation, options: ODataQuery()) }

    /// Sends a function request with system query options on its result — `$filter`, `$top`, `$count` … on the
    /// collection a composable function returns, e.g. `GetTripsByTag(tag=@tag)?@tag='x'&$top=1`.
    nonisolated(nonsending) public func invoke<Operation: ODataOperation>(_ operation: Operation, options: ODataQuery)
        async throws -> Operation.Response
    {
        let request = try operationRequest(operation.call, options: options)
        let response = try await send(request)
        return try operationResponse(Operation.self, response, request: request)
    }

    /// The request of an operation call: an action's POST with its parameters as the JSON body (OData v4), else a
    /// request with the parameters in the URL.
    func operationRequest(_ call: OperationCall, options: ODataQuery = ODataQuery()) throws -> HTTPRequest {
        guard options == ODataQuery() || !call.isAction else {
            throw ODataClientError.invalidRequest("action \(call.operationName) takes no query options")
        }
        if call.isAction, version == .v4 {
            return try actionRequest(call.operationName, binding: call.binding, parameters: call.parameters)
        }
        // Functions, and OData v2 service operations (whose parameters go in the URL, also with POST).
        var values: [(String, AttributeValue)] = []
        for parameter in call.parameters {
            guard case .value(let value) = parameter.value else {
                throw ODataClientError.invalidRequest(
                    "\(call.operationName) cannot take the entity parameter '\(parameter.name)' in its URL"
                )
            }
            values.append((parameter.name, value))
        }
        return try functionRequest(
            call.operationName,
            method: call.isAction ? "POST" : "GET",
            binding: call.binding,
            values: values,
            options: options
        )
    }

    /// An operation's typed response read from the HTTP response.
    func operationResponse<Operation: ODataOperation>(
        _ type: Operation.Type,
        _ response: HTTPResponse,
        request: HTTPRequest
    ) throws -> Operation.Response {
        do {
            return try Operation.response(
                from: OperationResult(statusCode: response.statusCode, body: response.body, decoder: decoder)
            )
        } catch let error as JSONPayloadError {
            throw ODataClientError.invalidResponse(error, request: request.summary)
        }
    }

    /// Invokes an action (POST) with its parameters as the JSON body. Bound actions are named with their namespace.
    nonisolated(nonsending) public func invokeAction(
        _ name: String,
        binding: OperationBinding = .unbound,
        parameters: KeyValuePairs<String, AttributeValue> = [:]
    ) async throws -> OperationResult {
        let request = try actionRequest(
            name,
            binding: binding,
            parameters: parameters.map { OperationParameter($0.key, $0.value) }
        )
        let response = try await send(request)
        return OperationResult(statusCode: response.statusCode, body: response.body, decoder: decoder)
    }

    /// The request ``invokeAction(_:binding:parameters:)`` sends, for ``batch(_:)``.
    public func actionRequest(
        _ name: String,
        binding: OperationBinding = .unbound,
        parameters: [OperationParameter] = []
    ) throws -> HTTPRequest {
        let body = try encoding { try encoder.encodeParameters(parameters) }
        return try request("POST", try operationPath(name, binding: binding), body: body)
    }

    /// Invokes a function (GET); parameters go in the URL, in OData v4 as aliases, `F(p=@p)?@p=value`, so that any
    /// value is safe, in OData v2 as `F?p=value`.
    nonisolated(nonsending) public func invokeFunction(
        _ name: String,
        binding: OperationBinding = .unbound,
        parameters: KeyValuePairs<String, AttributeValue> = [:]
    ) async throws -> OperationResult {
        try await invokeFunction(
            name,
            method: "GET",
            binding: binding,
            values: parameters.map { ($0.key, $0.value) },
            options: ODataQuery()
        )
    }

    private func invokeFunction(
        _ name: String,
        method: String,
        binding: OperationBinding,
        values: [(String, AttributeValue)],
        options: ODataQuery
    ) async throws -> OperationResult {
        let request = try functionRequest(name, method: method, binding: binding, values: values, options: options)
        let response = try await send(request)
        return OperationResult(statusCode: response.statusCode, body: response.body, decoder: decoder)
    }

    private func functionRequest(
        _ name: String,
        method: String,
        binding: OperationBinding,
        values: [(String, AttributeValue)],
        options: ODataQuery
    ) throws -> HTTPRequest {
        let path = try operationPath(name, binding: binding)
        var url: String
        switch version {
        case .v4:
            url = path + "(" + values.map { "\($0.0)=@\($0.0)" }.joined(separator: ",") + ")"
            let aliases = try values.map { "@" + $0.0 + "=" + URLText.query(try parameterText($0.1)) }
            if !aliases.isEmpty { url += "?" + aliases.joined(separator: "&") }
        case .v2:
            let pairs = try values.map { $0.0 + "=" + URLText.query(try ODataLiteral.format($0.1, version: version)) }
            url = path + (pairs.isEmpty ? "" : "?" + pairs.joined(separator: "&"))
        }
        let query = options.queryString(version)
        if !query.isEmpty { url += (url.contains("?") ? "&" : "?") + query }
        return try request(method, url)
    }

    /// A function parameter in an alias: its literal, or (complex values, collections) its JSON, as OData v4 allows.
    private func parameterText(_ value: AttributeValue) throws -> String {
        switch value {
        case .complex, .collection, .untyped, .geography, .geometry, .optionSetValues:
            String(decoding: try encoding { try encoder.encodeValue(value) }, as: UTF8.self)
        default: try ODataLiteral.format(value, version: version)
        }
    }

    private func operationPath(_ name: String, binding: OperationBinding) throws -> String {
        switch binding {
        case .unbound: URLText.path(name)
        case .entitySet(let set): URLText.path(set) + "/" + URLText.path(name)
        case .entity(let set, let key): URLText.path(set + (try key.urlSegment(version))) + "/" + URLText.path(name)
        }
    }
}
