/// Header fields added to every request a client sends: a middleware. ``ODataClient/adding(_:)`` makes a client that
/// sends them, for one call or a few.
///
/// ```swift
/// try await client.adding(.bypassCustomPluginExecution).create(account)
/// ```
public struct RequestHeaders: ODataClientMiddleware, Sendable {
    /// The fields, in the order they are added; a field replaces one of the same name.
    public var fields: [(name: String, value: String)]

    /// These fields, in this order.
    public init(_ fields: [(name: String, value: String)]) { self.fields = fields }

    /// These fields, ordered by name.
    public init(_ fields: [String: String]) {
        self.fields = fields.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// Sets the fields on the request and passes it on.
    public func intercept(_ request: HTTPRequest, next: (HTTPRequest) async throws -> HTTPResponse) async throws
        -> HTTPResponse
    {
        var request = request
        for field in fields { request[header: field.name] = field.value }
        return try await next(request)
    }

    /// The fields of both, `other`'s last.
    public func adding(_ other: RequestHeaders) -> RequestHeaders { RequestHeaders(fields + other.fields) }

    // MARK: Dataverse

    /// Dataverse runs no custom synchronous plug-ins or workflows for the request
    /// (`MSCRM.BypassCustomPluginExecution: true`; the caller needs the prvBypassCustomPlugins privilege).
    public static let bypassCustomPluginExecution = RequestHeaders([("MSCRM.BypassCustomPluginExecution", "true")])

    /// Dataverse runs none of the custom business logic named (`MSCRM.BypassBusinessLogicExecution`): synchronous,
    /// asynchronous, or both.
    public static func bypassBusinessLogic(synchronous: Bool = true, asynchronous: Bool = true) -> RequestHeaders {
        let kinds = [synchronous ? "CustomSync" : nil, asynchronous ? "CustomAsync" : nil].compactMap { $0 }
        return RequestHeaders([("MSCRM.BypassBusinessLogicExecution", kinds.joined(separator: ","))])
    }

    /// Dataverse refuses a create or update that its duplicate detection rules find a duplicate of
    /// (`MSCRM.SuppressDuplicateDetection: false`; the Web API skips the rules unless asked).
    public static let detectDuplicates = RequestHeaders([("MSCRM.SuppressDuplicateDetection", "false")])

    /// Dataverse adds the solution component the request creates or changes to this unmanaged solution
    /// (`MSCRM.SolutionUniqueName`).
    public static func solution(_ uniqueName: String) -> RequestHeaders {
        RequestHeaders([("MSCRM.SolutionUniqueName", uniqueName)])
    }
}
