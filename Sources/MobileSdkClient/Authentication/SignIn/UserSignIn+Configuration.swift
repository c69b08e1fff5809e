import Foundation
import ServiceAccess

extension UserSignIn {
    /// The authorization server and how the app is registered with it.
    public struct Configuration: Sendable {
        /// The page the user signs in on (RFC 6749 §3.1), opened with the authorization request's query.
        public var authorizationEndpoint: URL
        /// The endpoint that exchanges the code and refreshes the access token (RFC 6749 §3.2); https unless it is on
        /// this machine.
        public var tokenEndpoint: URL
        /// The app's client id (in Microsoft Entra ID, its application id), sent as `client_id`; the app is a public
        /// client, with no secret.
        public var clientID: String
        /// The redirect URI the app is registered with: a custom scheme for apps, `http://127.0.0.1/callback` (any
        /// port) for ``LoopbackPresenter``.
        public var redirectURI: URL
        /// The scopes asked for, sent space-separated as `scope` (left out when there are none); add
        /// `offline_access` where the server issues refresh tokens only for it.
        public var scopes: [String]
        /// The resource the tokens are for, sent as `resource` with the authorization request and every token
        /// request (RFC 8707), as AD FS wants it; nil sends none.
        public var resource: URL?
        /// Further parameters of the authorization request: `prompt`, `login_hint`, `domain_hint` …
        public var additionalParameters: [URLQueryItem]

        /// Creates a configuration from the server's endpoints and the app's registration;
        /// ``entraID(tenant:clientID:redirectURI:scopes:)`` fills in Microsoft Entra ID's, and
        /// ``adfs(authority:clientID:redirectURI:resource:scopes:)`` AD FS's.
        public init(
            authorizationEndpoint: URL,
            tokenEndpoint: URL,
            clientID: String,
            redirectURI: URL,
            scopes: [String],
            resource: URL? = nil,
            additionalParameters: [URLQueryItem] = []
        ) {
            self.authorizationEndpoint = authorizationEndpoint
            self.tokenEndpoint = tokenEndpoint
            self.clientID = clientID
            self.redirectURI = redirectURI
            self.scopes = scopes
            self.resource = resource
            self.additionalParameters = additionalParameters
        }

        /// Microsoft Entra ID's v2.0 endpoints of `tenant` (a domain, a tenant id, or `organizations`), asking for
        /// `offline_access` too, without which no refresh token comes.
        public static func entraID(tenant: String, clientID: String, redirectURI: URL, scopes: [String])
            -> Configuration
        {
            let base = "https://login.microsoftonline.com/" + FormEncoding.escape(tenant) + "/oauth2/v2.0/"
            // The base is built from a constant and an escaped path segment: these are valid URLs.
            let authorize = URL(string: base + "authorize") ?? URL(fileURLWithPath: "/")
            let token = URL(string: base + "token") ?? URL(fileURLWithPath: "/")
            return Configuration(
                authorizationEndpoint: authorize,
                tokenEndpoint: token,
                clientID: clientID,
                redirectURI: redirectURI,
                scopes: scopes.contains("offline_access") ? scopes : scopes + ["offline_access"]
            )
        }

        /// AD FS at `authority`, its `/adfs` address such as `https://sts.contoso.com/adfs` (the host alone means the
        /// same): the endpoints `oauth2/authorize` and `oauth2/token` below it, and `resource`, sent with the
        /// authorization request and with every token request.
        ///
        /// `resource` is the identifier of the service's relying party trust in AD FS, character for character; for
        /// Dynamics 365 or CRM on premises in an Internet-facing deployment, the organization's address, such as
        /// `https://crm.contoso.com/`. `clientID` and `redirectURI` are those the app was registered with
        /// (`Add-AdfsClient`).
        ///
        /// AD FS on Windows Server 2012 R2 (AD FS 3.0) requires `resource` and does not know scopes; leave `scopes`
        /// empty for it. AD FS 2016 and later take scopes such as `openid`. Each sign-in carries PKCE's challenge,
        /// which AD FS checks from Windows Server 2019 on; earlier versions are expected to ignore it as OAuth 2.0
        /// asks of parameters a server does not know (RFC 6749 §3.1). AD FS issues refresh tokens with the
        /// authorization code, and ``UserSignIn`` keeps using one that a refresh does not replace.
        public static func adfs(
            authority: URL,
            clientID: String,
            redirectURI: URL,
            resource: URL,
            scopes: [String] = []
        ) -> Configuration {
            let endpoints = ADFSEndpoints(authority: authority)
            return Configuration(
                authorizationEndpoint: endpoints.authorize,
                tokenEndpoint: endpoints.token,
                clientID: clientID,
                redirectURI: redirectURI,
                scopes: scopes,
                resource: resource
            )
        }

        /// The scope and resource asked for by the authorization request.
        var requestedAccess: RequestedAccess { RequestedAccess(scopes: scopes, resource: resource?.absoluteString) }
    }
}
