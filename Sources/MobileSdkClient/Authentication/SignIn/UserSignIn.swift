import Foundation
import ServiceAccess

/// Signs a user in with the authorization-code grant and PKCE (RFC 6749 §4.1, RFC 7636), keeps the tokens in a
/// ``TokenStore``, and authenticates the client's requests with them, refreshing the access token as it expires.
///
///     let signIn = UserSignIn(.entraID(tenant: "contoso.onmicrosoft.com", clientID: appId,
///                                      redirectURI: URL(string: "msauth.com.contoso.field://auth")!,
///                                      scopes: ["https://contoso.crm.dynamics.com/user_impersonation"]),
///                             store: KeychainTokenStore(service: "com.contoso.field"))
///     if try await !signIn.isSignedIn { try await signIn.signIn(using: WebAuthenticationSessionPresenter { window }) }
///     let client = ODataClient(.dataverse(serviceRoot: root, authentication: signIn))
///
/// For AD FS, the authority of Dynamics 365 and CRM on premises:
/// ``Configuration/adfs(authority:clientID:redirectURI:resource:scopes:)`` (<doc:SigningInOnPremises>).
///
/// A request made while nobody is signed in, or after the service refused the stored refresh token, throws
/// ``SignInError/signInRequired``: the app shows its sign-in then. A refresh token the service rotates is stored at
/// once, so it survives a restart.
public actor UserSignIn: AuthenticationProvider {
    /// The authorization server and the app's registration with it.
    public let configuration: Configuration
    private let store: any TokenStore
    private let transport: any HTTPTransport
    /// The tokens as last loaded or issued; nil until loaded.
    private var tokens: SignInTokens?
    private var loaded = false
    /// The refresh in flight: concurrent requests wait for it rather than spend the refresh token twice.
    private var refreshing: Task<SignInTokens, Error>?
    /// Set by ``signOut()``: the next sign-in asks for the account, rather than let the browser's session pick the
    /// same one silently.
    private var signedOut = false

    /// Creates a sign-in for `configuration` that keeps the tokens in `store` and asks the token endpoint through
    /// `transport`. The store is first read when the tokens are needed.
    public init(
        _ configuration: Configuration,
        store: any TokenStore,
        transport: any HTTPTransport = URLSessionTransport()
    ) {
        self.configuration = configuration
        self.store = store
        self.transport = transport
    }

    /// Whether tokens are stored (a user signed in, here or in an earlier launch).
    public var isSignedIn: Bool { get async throws { try await currentTokens() != nil } }

    /// Shows the sign-in page through `presenter`, checks the redirect's `state`, and exchanges its code (with the
    /// PKCE verifier) for tokens, which the store keeps.
    ///
    /// `prompt` says what the page asks of a user the browser already knows: ``SignInPrompt/selectAccount`` (the
    /// default after ``signOut()`` in this process, and what a "switch account" button wants), ``SignInPrompt/login``
    /// (the password again), or nil (the server decides, usually letting the browser's session through). A prompt in
    /// the configuration's `additionalParameters` is not overridden.
    public func signIn(using presenter: any AuthorizationPresenter, prompt: SignInPrompt? = nil) async throws {
        let pkce = PKCE()
        let state = PKCE.state()
        var parameters = [
            URLQueryItem(name: "response_type", value: "code"),
            URLQueryItem(name: "client_id", value: configuration.clientID),
        ]
        parameters += configuration.requestedAccess.fields.map { URLQueryItem(name: $0.name, value: $0.value) }
        parameters += [
            URLQueryItem(name: "state", value: state), URLQueryItem(name: "code_challenge", value: pkce.challenge),
            URLQueryItem(name: "code_challenge_method", value: PKCE.method),
        ]
        parameters += configuration.additionalParameters
        if let prompt = prompt ?? (signedOut ? .selectAccount : nil),
            !parameters.contains(where: { $0.name == "prompt" })
        {
            parameters.append(URLQueryItem(name: "prompt", value: prompt.rawValue))
        }
        let request = AuthorizationRequest(
            redirectURI: configuration.redirectURI,
            endpoint: configuration.authorizationEndpoint,
            parameters: parameters
        )
        let callback = try await presenter.present(request)
        let query = Self.formFields(callback.url.query ?? "")
        func value(_ name: String) -> String? { query.first { $0.name == name }?.value }
        guard value("state") == state else { throw SignInError.stateMismatch }
        if let error = value("error") {
            throw SignInError.refused(error: error, description: value("error_description"))
        }
        guard let code = value("code") else { throw SignInError.missingCode }
        signedOut = false
        do {
            try await keep(
                try await exchange(
                    .authorizationCode(
                        code: code,
                        redirectURI: callback.redirectURI.absoluteString,
                        codeVerifier: pkce.verifier
                    ),
                    keeping: nil
                )
            )
        } catch let refusal as TokenEndpoint.Refusal {
            throw SignInError.refused(error: refusal.code ?? "HTTP \(refusal.status)", description: refusal.description)
        }
    }

    /// Forgets the user's tokens, here and in the store, and makes the next ``signIn(using:prompt:)`` ask for the
    /// account (`prompt=select_account`): the browser's own session with the authorization server outlives the app's
    /// tokens and would otherwise sign the same user in again without a word. An app that must leave no session behind
    /// signs in through an ephemeral browser session (`WebAuthenticationSessionPresenter`'s
    /// `prefersEphemeralSession`).
    public func signOut() async throws {
        refreshing?.cancel()
        refreshing = nil
        tokens = nil
        loaded = true
        signedOut = true
        try await store.remove()
    }

    /// Sets `Authorization: Bearer …` with the stored access token, refreshed first when it expires within a minute
    /// or `refresh` is true. Throws ``SignInError/signInRequired`` when nobody is signed in or the refresh token was
    /// refused (`invalid_grant`).
    public func authenticate(_ request: inout HTTPRequest, refresh: Bool) async throws {
        guard let current = try await currentTokens() else { throw SignInError.signInRequired }
        var token = current.accessToken
        if refresh || current.expiresAt <= Date().addingTimeInterval(60) {
            token = try await refreshed(current).accessToken
        }
        request[header: "Authorization"] = "Bearer " + token
    }

    /// The fields of a redirect's query, form-decoded (RFC 6749 appendix B: `+` is a space).
    static func formFields(_ query: String) -> [(name: String, value: String)] {
        query.split(separator: "&")
            .map { field in
                let parts = field.split(separator: "=", maxSplits: 1)
                    .map { $0.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String($0) }
                return (parts[0], parts.count > 1 ? parts[1] : "")
            }
    }

    // MARK: Tokens

    private func currentTokens() async throws -> SignInTokens? {
        if !loaded {
            tokens = try await store.load()
            loaded = true
        }
        return tokens
    }

    /// New tokens from the refresh token, once however many requests ask at the same time. A refused refresh token
    /// ends the sign-in.
    private func refreshed(_ current: SignInTokens) async throws -> SignInTokens {
        if let refreshing { return try await refreshing.value }
        let task = Task { try await refresh(current) }
        refreshing = task
        defer { refreshing = nil }
        return try await task.value
    }

    private func refresh(_ current: SignInTokens) async throws -> SignInTokens {
        guard let refreshToken = current.refreshToken else {
            try await endSignIn()
            throw SignInError.signInRequired
        }
        do {
            let issued = try await exchange(.refreshToken(refreshToken), keeping: refreshToken)
            try await keep(issued)
            return issued
        } catch let refusal as TokenEndpoint.Refusal where refusal.code == "invalid_grant" {
            try await endSignIn()
            throw SignInError.signInRequired
        } catch let refusal as TokenEndpoint.Refusal { throw refusal.clientError }
    }

    /// Asks the token endpoint, naming the configuration's resource; a reply without a refresh token keeps
    /// `previousRefreshToken` (services that do not rotate them, AD FS among them).
    private func exchange(_ grant: OAuthGrant, keeping previousRefreshToken: String?) async throws -> SignInTokens {
        let client = OAuthClient.publicClient(id: configuration.clientID)
        let reply = try await TokenEndpoint.request(
            configuration.tokenEndpoint,
            grant: grant,
            client: client,
            access: RequestedAccess(resource: configuration.resource?.absoluteString),
            transport: transport
        )
        return SignInTokens(
            accessToken: reply.accessToken,
            refreshToken: reply.refreshToken ?? previousRefreshToken,
            expiresAt: Date().addingTimeInterval(reply.lifetime),
            scope: reply.scope
        )
    }

    private func keep(_ issued: SignInTokens) async throws {
        tokens = issued
        loaded = true
        try await store.save(issued)
    }

    private func endSignIn() async throws {
        tokens = nil
        try await store.remove()
    }
}
