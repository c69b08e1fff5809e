import Foundation
import ServiceAccess

/// OAuth 2.0 against a token endpoint (RFC 6749): the client-credentials grant for services and daemons, or the
/// refresh-token grant for a user who signed in elsewhere. Tokens are cached until shortly before they expire.
public actor OAuth2Authentication: AuthenticationProvider {
    /// How tokens are obtained.
    public enum Grant: Sendable {
        /// `grant_type=client_credentials`, the client's id and secret sent with HTTP Basic.
        case clientCredentials(clientID: String, clientSecret: String)
        /// `grant_type=refresh_token`; a rotated refresh token from the endpoint replaces this one.
        case refreshToken(clientID: String, refreshToken: String, clientSecret: String? = nil)

        /// The old spelling of ``clientCredentials(clientID:clientSecret:)``.
        @available(*, deprecated, renamed: "clientCredentials(clientID:clientSecret:)")
        public static func clientCredentials(clientId: String, clientSecret: String) -> Grant {
            .clientCredentials(clientID: clientId, clientSecret: clientSecret)
        }

        /// The old spelling of ``refreshToken(clientID:refreshToken:clientSecret:)``.
        @available(*, deprecated, renamed: "refreshToken(clientID:refreshToken:clientSecret:)")
        public static func refreshToken(clientId: String, refreshToken: String, clientSecret: String? = nil) -> Grant {
            .refreshToken(clientID: clientId, refreshToken: refreshToken, clientSecret: clientSecret)
        }
    }

    private let tokenEndpoint: URL
    private var grant: Grant
    private let scope: String?
    private let resource: URL?
    private let transport: HTTPTransport
    private var cached: (token: String, expires: Date)?
    /// The token request in flight: concurrent requests wait for it instead of asking again (which, with
    /// rotating refresh tokens, would send a refresh token that was just replaced).
    private var pending: Task<String, Error>?

    /// `scope` is the resource's scope, e.g. `https://contoso.crm.dynamics.com/.default`; `resource`, sent as
    /// `resource` where the server wants one (AD FS: the service's relying party identifier). The endpoint must use
    /// https unless it is on this machine.
    public init(
        tokenEndpoint: URL,
        grant: Grant,
        scope: String?,
        resource: URL? = nil,
        transport: HTTPTransport = URLSessionTransport()
    ) {
        self.tokenEndpoint = tokenEndpoint
        self.grant = grant
        self.scope = scope
        self.resource = resource
        self.transport = transport
    }

    /// Sets `Authorization: Bearer …` with the cached access token, or with a new one from the token endpoint when
    /// the cached one expires within a minute or `refresh` is true. Concurrent calls share one token request. Throws
    /// ``ODataClientError/authenticationFailed(status:reason:)`` when the endpoint refuses.
    public func authenticate(_ request: inout HTTPRequest, refresh: Bool) async throws {
        if refresh { cached = nil }
        if let cached, cached.expires > Date() {
            request[header: "Authorization"] = "Bearer " + cached.token
            return
        }
        let task = pending ?? Task { try await requestToken() }
        pending = task
        defer { if pending == task { pending = nil } }
        let token = try await task.value
        request[header: "Authorization"] = "Bearer " + token
    }

    /// A confidential client (one with a secret) authenticates with HTTP Basic, which every server accepts (RFC 6749
    /// §2.3.1); a public one names itself in the form.
    private func requestToken() async throws -> String {
        let request: (OAuthGrant, OAuthClient)
        switch grant {
        case .clientCredentials(let clientID, let clientSecret):
            request = (.clientCredentials, .confidential(id: clientID, secret: clientSecret))
        case .refreshToken(let clientID, let refreshToken, let clientSecret):
            request = (
                .refreshToken(refreshToken),
                clientSecret.map { .confidential(id: clientID, secret: $0) } ?? .publicClient(id: clientID)
            )
        }
        let reply: TokenEndpoint.Reply
        do {
            reply = try await TokenEndpoint.request(
                tokenEndpoint,
                grant: request.0,
                client: request.1,
                access: RequestedAccess(scopes: scope.map { [$0] } ?? [], resource: resource?.absoluteString),
                transport: transport
            )
        } catch let refusal as TokenEndpoint.Refusal { throw refusal.clientError }
        cached = (reply.accessToken, Date().addingTimeInterval(max(0, reply.lifetime - 60)))
        if case .refreshToken(let clientID, _, let clientSecret) = grant, let rotated = reply.refreshToken {
            grant = .refreshToken(clientID: clientID, refreshToken: rotated, clientSecret: clientSecret)
        }
        return reply.accessToken
    }
}
