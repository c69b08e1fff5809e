import Foundation
import ServiceAccess

/// Shows the authorization server's sign-in page to the user and hands back where it redirected:
/// `WebAuthenticationSessionPresenter` in apps on Apple platforms, ``LoopbackPresenter`` in desktop and command-line
/// tools (RFC 8252), your own elsewhere.
public protocol AuthorizationPresenter: Sendable {
    /// Presents the sign-in page of `request` and returns the URL the browser was redirected to, which carries the
    /// authorization code (or the error) in its query. Cancelling the task cancels the sign-in.
    func present(_ request: AuthorizationRequest) async throws -> AuthorizationCallback
}

/// What a presenter shows: the authorization endpoint's URL for a redirect URI.
public struct AuthorizationRequest: Sendable {
    /// The redirect URI the app is registered with, e.g. `com.contoso.fieldservice://auth` or
    /// `http://127.0.0.1/callback` (whose port a loopback presenter may choose).
    public let redirectURI: URL
    let endpoint: URL
    let parameters: [URLQueryItem]

    /// The sign-in page's URL, redirecting to `redirectURI` (the one the presenter listens on).
    public func url(redirectingTo redirectURI: URL) -> URL {
        var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: true)
        let existing = components?.percentEncodedQuery.map { [$0] } ?? []
        let items = parameters + [URLQueryItem(name: "redirect_uri", value: redirectURI.absoluteString)]
        let encoded = items.map { FormEncoding.escape($0.name) + "=" + FormEncoding.escape($0.value ?? "") }
        components?.percentEncodedQuery = (existing + encoded).joined(separator: "&")
        return components?.url ?? endpoint
    }
}

/// Where the sign-in page redirected, and the redirect URI it was given (which the token request repeats).
public struct AuthorizationCallback: Sendable {
    /// The URL the sign-in page redirected to, with `code` and `state` (or `error`) in its query.
    public var url: URL
    /// The redirect URI the sign-in page was given, with the port a loopback presenter chose; the token request
    /// sends it again as `redirect_uri`.
    public var redirectURI: URL

    /// Creates a callback from the URL the browser was redirected to and the redirect URI the page was given.
    public init(url: URL, redirectURI: URL) {
        self.url = url
        self.redirectURI = redirectURI
    }
}
