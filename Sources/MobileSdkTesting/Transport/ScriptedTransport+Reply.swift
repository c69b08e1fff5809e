import Foundation
import MobileSdk
import MobileSdkClient

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension ScriptedTransport {
    /// What a ``ScriptedTransport`` does with one request.
    public indirect enum Reply: Sendable {
        /// Answers with this response.
        case response(HTTPResponse)
        /// Throws this error, as a transport does when the connection fails (see ``offline``).
        case failure(any Error)
        /// Sends the request through this transport and answers with what it answers.
        case passThrough(any HTTPTransport)
        /// Waits this many seconds (`Task.sleep`, so cancellable), then does what the reply says.
        case delayed(TimeInterval, Reply)
    }
}

extension ScriptedTransport.Reply {
    /// A JSON response with this text as its body.
    public static func json(_ text: String, status: Int = 200, headers: [String: String] = [:]) -> Self {
        json(Data(text.utf8), status: status, headers: headers)
    }

    /// A response with these bytes as its body, `application/json` unless `headers` name another `Content-Type`.
    public static func json(_ body: Data, status: Int = 200, headers: [String: String] = [:]) -> Self {
        var fields = ["Content-Type": "application/json"]
        fields.merge(headers) { $1 }
        return .response(HTTPResponse(statusCode: status, headerFields: fields, body: body))
    }

    /// A response whose body is the content of a recorded file (a payload saved from the service), as JSON unless
    /// `headers` name another `Content-Type`.
    public static func file(_ url: URL, status: Int = 200, headers: [String: String] = [:]) throws -> Self {
        json(try Data(contentsOf: url), status: status, headers: headers)
    }

    /// A response without a body, such as `204 No Content`.
    public static func status(_ status: Int, headers: [String: String] = [:]) -> Self {
        .response(HTTPResponse(statusCode: status, headerFields: headers))
    }

    /// A page of entities as the service sends it (``ODataPage/json(version:registry:)``).
    public static func page(
        _ page: ODataPage,
        version: ODataVersion = .v4,
        registry: EntityRegistry = .shared,
        status: Int = 200
    ) throws -> Self {
        let contentType = version == .v4 ? "application/json; odata.metadata=minimal" : "application/json"
        return json(
            try page.json(version: version, registry: registry),
            status: status,
            headers: ["Content-Type": contentType]
        )
    }

    /// The device is offline (`URLError.notConnectedToInternet`): the client fails with
    /// `ODataClientError.unreachable(reason: .offline, …)`.
    public static var offline: Self { .failure(URLError(.notConnectedToInternet)) }

    /// A dropped connection (`URLError.networkConnectionLost`), which the client retries for requests that are safe
    /// to repeat.
    public static var connectionLost: Self { .failure(URLError(.networkConnectionLost)) }

    /// This reply after a pause of `seconds`, for requests that must overlap.
    public func delayed(by seconds: TimeInterval) -> Self { .delayed(seconds, self) }
}
