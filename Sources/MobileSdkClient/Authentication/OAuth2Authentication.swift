import Foundation
import ServiceAccess

/// OAuth 2.0 against a token endpoint (RFC 6749): the client-credentials grant for services and daemons, or the
/// refresh-token grant for a user who signed in elsewhere. Tokens are cached until shortly before they expire.
public actor OAuth2Authentication: AuthenticationProvider {
    /// How tokens are obtained.
    public enum Grant: Sendable {
        /// `grant_type=client_credentials`, the client's id and secret sent with HTTP Basic.
        case clientCredentials(clientId: String, clientSecret: String)
        /// `grant_type=refresh_token`; a rotated refresh token from the endpoint replaces this one.
        case refreshToken(clientId: String, refreshToken: String, clientSecret: String? = nil)
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
        case .clientCredentials(let clientId, let clientSecret):
            request = (.clientCredentials, .confidential(id: clientId, secret: clientSecret))
        case .refreshToken(let clientId, let refreshToken, let clientSecret):
            request = (
                .refreshToken(refreshToken),
                clientSecret.map { .confidential(id: clientId, secret: $0) } ?? .publicClient(id: clientId)
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
        if case .refreshToken(let clientId, _, let clientSecret) = grant, let rotated = reply.refreshToken {
            grant = .refreshToken(clientId: clientId, refreshToken: rotated, clientSecret: clientSecret)
        }
        return reply.accessToken
    }
}
