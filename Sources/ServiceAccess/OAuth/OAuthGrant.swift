/// What a token endpoint is asked for (RFC 6749 §4, RFC 7636 §4.5, RFC 8628 §3.4), as the fields of its form.
package enum OAuthGrant: Sendable {
    /// `grant_type=client_credentials`: the client's own access, without a user (RFC 6749 §4.4).
    case clientCredentials
    /// `grant_type=refresh_token` with this refresh token (RFC 6749 §6).
    case refreshToken(String)
    /// The code a sign-in page's redirect brought, the redirect URI it was sent to, and the PKCE verifier.
    case authorizationCode(code: String, redirectURI: String, codeVerifier: String)
    /// The device code of a device authorization request.
    case deviceCode(String)

    /// The device-code grant's `grant_type`.
    package static let deviceCodeGrantType = "urn:ietf:params:oauth:grant-type:device_code"

    /// The grant's form fields.
    package var fields: [(name: String, value: String)] {
        switch self {
        case .clientCredentials: [("grant_type", "client_credentials")]
        case .refreshToken(let token): [("grant_type", "refresh_token"), ("refresh_token", token)]
        case .authorizationCode(let code, let redirectURI, let verifier):
            [
                ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirectURI),
                ("code_verifier", verifier),
            ]
        case .deviceCode(let code): [("grant_type", Self.deviceCodeGrantType), ("device_code", code)]
        }
    }
}
