import Foundation

/// OAuth 2.0 against a token endpoint (RFC 6749): the client-credentials grant for services and daemons, or the
/// refresh-token grant for a user who signed in elsewhere. Tokens are cached until shortly before they expire.
public actor OAuth2Authentication: AuthenticationProvider {
    /// How tokens are obtained.
    public enum Grant: Sendable {
        /// `grant_type=client_credentials` with the client's secret.
        case clientCredentials(clientId: String, clientSecret: String)
        /// `grant_type=refresh_token`; a rotated refresh token from the endpoint replaces this one.
        case refreshToken(clientId: String, refreshToken: String, clientSecret: String? = nil)
    }

    private let tokenEndpoint: URL
    private var grant: Grant
    private let scope: String?
    private let transport: HTTPTransport
    private var cached: (token: String, expires: Date)?
    /// The token request in flight: concurrent requests wait for it instead of asking again (which, with
    /// rotating refresh tokens, would send a refresh token that was just replaced).
    private var pending: Task<String, Error>?

    /// `scope` is the resource's scope, e.g. `https://contoso.crm.dynamics.com/.default`. The endpoint must use
    /// https unless it is on this machine.
    public init(tokenEndpoint: URL, grant: Grant, scope: String?, transport: HTTPTransport = URLSessionTransport()) {
        self.tokenEndpoint = tokenEndpoint
        self.grant = grant
        self.scope = scope
        self.transport = transport
    }

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

    private func requestToken() async throws -> String {
        var form: [(String, String)]
        switch grant {
        case .clientCredentials(let clientId, let clientSecret):
            form = [("grant_type", "client_credentials"), ("client_id", clientId), ("client_secret", clientSecret)]
        case .refreshToken(let clientId, let refreshToken, let clientSecret):
            form = [("grant_type", "refresh_token"), ("client_id", clientId), ("refresh_token", refreshToken)]
            if let clientSecret { form.append(("client_secret", clientSecret)) }
        }
        if let scope { form.append(("scope", scope)) }
        let reply: TokenEndpoint.Reply
        do {
            reply = try await TokenEndpoint.request(tokenEndpoint, form: form, transport: transport)
        } catch let refusal as TokenEndpoint.Refusal {
            throw refusal.clientError
        }
        cached = (reply.accessToken, Date().addingTimeInterval(max(0, reply.lifetime - 60)))
        if case .refreshToken(let clientId, _, let clientSecret) = grant, let rotated = reply.refreshToken {
            grant = .refreshToken(clientId: clientId, refreshToken: rotated, clientSecret: clientSecret)
        }
        return reply.accessToken
    }
}
