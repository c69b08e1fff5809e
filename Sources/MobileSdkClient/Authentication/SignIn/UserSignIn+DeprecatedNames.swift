import Foundation

extension UserSignIn.Configuration {
    /// The old spelling of ``clientID``.
    @available(*, deprecated, renamed: "clientID") public var clientId: String {
        get { clientID }
        set { clientID = newValue }
    }

    /// The old spelling of the initializer that takes `clientID`.
    @available(
        *,
        deprecated,
        renamed: "init(authorizationEndpoint:tokenEndpoint:clientID:redirectURI:scopes:resource:additionalParameters:)"
    ) public init(
        authorizationEndpoint: URL,
        tokenEndpoint: URL,
        clientId: String,
        redirectURI: URL,
        scopes: [String],
        resource: URL? = nil,
        additionalParameters: [URLQueryItem] = []
    ) {
        self.init(
            authorizationEndpoint: authorizationEndpoint,
            tokenEndpoint: tokenEndpoint,
            clientID: clientId,
            redirectURI: redirectURI,
            scopes: scopes,
            resource: resource,
            additionalParameters: additionalParameters
        )
    }

    /// The old spelling of ``entraID(tenant:clientID:redirectURI:scopes:)``.
    @available(*, deprecated, renamed: "entraID(tenant:clientID:redirectURI:scopes:)") public static func entraID(
        tenant: String,
        clientId: String,
        redirectURI: URL,
        scopes: [String]
    ) -> UserSignIn.Configuration {
        entraID(tenant: tenant, clientID: clientId, redirectURI: redirectURI, scopes: scopes)
    }

    /// The old spelling of ``adfs(authority:clientID:redirectURI:resource:scopes:)``.
    @available(*, deprecated, renamed: "adfs(authority:clientID:redirectURI:resource:scopes:)") public static func adfs(
        authority: URL,
        clientId: String,
        redirectURI: URL,
        resource: URL,
        scopes: [String] = []
    ) -> UserSignIn.Configuration {
        adfs(authority: authority, clientID: clientId, redirectURI: redirectURI, resource: resource, scopes: scopes)
    }
}
