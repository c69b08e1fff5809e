/// Adds credentials to requests. The client asks before every request, and once more with `refresh` set after the
/// service answers 401, then gives up.
///
/// Interactive sign-in (MSAL, a web view, a platform account store) stays the app's business: conform a type that
/// asks the app's own sign-in code for a token, or pass a closure to ``BearerTokenAuthentication``.
public protocol AuthenticationProvider: Sendable {
    /// Adds credentials to `request`. `refresh` is true after a 401: drop any cached token and get a new one.
    func authenticate(_ request: inout HTTPRequest, refresh: Bool) async throws
}

/// No credentials (public services, tests).
public struct NoAuthentication: AuthenticationProvider {
    /// Creates a provider that sends requests without credentials.
    public init() {}

    /// Leaves `request` as it is, whatever `refresh` says.
    public func authenticate(_ request: inout HTTPRequest, refresh: Bool) async throws {}
}
