/// Fixed header fields, such as an API key (`APIKey: …`, `x-api-key: …`).
public struct HeaderAuthentication: AuthenticationProvider {
    private let headers: [(name: String, value: String)]

    public init(_ headers: KeyValuePairs<String, String>) { self.headers = headers.map { ($0.key, $0.value) } }

    public func authenticate(_ request: inout HTTPRequest, refresh: Bool) async throws {
        for header in headers { request[header: header.name] = header.value }
    }
}
