/// `Authorization: Bearer <token>`, with the token from the app: a sign-in library, a keychain, a test constant.
public struct BearerTokenAuthentication: AuthenticationProvider {
    private let token: @Sendable (_ refresh: Bool) async throws -> String

    /// `token(refresh)` returns an access token; `refresh` is true when the last one was refused.
    public init(token: @escaping @Sendable (_ refresh: Bool) async throws -> String) { self.token = token }

    /// Sets `Authorization: Bearer …` to the token the closure returns, passing `refresh` on to it.
    public func authenticate(_ request: inout HTTPRequest, refresh: Bool) async throws {
        request[header: "Authorization"] = "Bearer " + (try await token(refresh))
    }
}
