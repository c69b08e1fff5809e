/// Fixed header fields, such as an API key (`APIKey: …`, `x-api-key: …`).
public struct HeaderAuthentication: AuthenticationProvider {
    private let headers: [(name: String, value: String)]

    /// Creates a provider that sets these header fields, in this order, on every request.
    public init(_ headers: KeyValuePairs<String, String>) { self.headers = headers.map { ($0.key, $0.value) } }

    /// Sets each header field, replacing a field of the same name; `refresh` changes nothing.
    public func authenticate(_ request: inout HTTPRequest, refresh: Bool) async throws {
        for header in headers { request[header: header.name] = header.value }
    }
}
