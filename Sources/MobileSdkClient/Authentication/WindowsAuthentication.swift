import Foundation
import ServiceAccess
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Windows authentication (NTLM, Negotiate) with a user's password, for on-premises Dynamics CRM 2011–2016 and other
/// services behind IIS: ``URLSessionTransport`` answers the service's challenges with the credential — those of the
/// service root's scheme, host and port only, never a proxy's — and URLSession does the handshake. Nothing is added
/// to the request's header fields, so middleware and logs never see the password, and neither do descriptions.
///
/// NTLM signs in connections, which a transport reuses: a transport signs in one user per host, and a request of
/// another user through it fails with ``ODataClientError/windowsAuthenticationUnavailable(reason:request:)`` (each
/// configuration gets a transport of its own unless given one). A refused password is not sent again, nor asked for
/// anew: the service's 401 is an ``ODataServiceError``. Apple platforms only: FoundationNetworking (Linux) cannot
/// answer these challenges, and a 401 that offers only them fails with the same error.
///
/// ```swift
/// let authentication = WindowsAuthentication(user: user, password: password, domain: "CONTOSO")
/// let client = ODataClient(serviceRoot: organizationData, version: .v2, authentication: authentication)
/// ```
public struct WindowsAuthentication: AuthenticationProvider, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    let credential: WindowsCredential

    /// The user as the service sees it: `DOMAIN\user`, or `user@domain` (the user principal name).
    public var user: String { credential.user }

    /// Signs in `user` of `domain` (`CONTOSO`) as `DOMAIN\user`, or `user` as given without a domain: `CONTOSO\ada`
    /// or `ada@contoso.com` name their domain themselves.
    public init(user: String, password: String, domain: String? = nil) {
        let domain = domain?.trimmingCharacters(in: .whitespaces) ?? ""
        credential = WindowsCredential(user: domain.isEmpty ? user : domain + "\\" + user, password: password)
    }

    /// Signs in with the user name (`DOMAIN\user` or `user@domain`) and password of an app's credential, such as one
    /// it keeps in the keychain; a credential without them signs in no one.
    public init(credential: URLCredential) {
        self.credential = WindowsCredential(user: credential.user ?? "", password: credential.password ?? "")
    }

    /// Gives the request the credential for the transport's challenges; `refresh` changes nothing, and the client
    /// does not ask again after a 401, since the password is fixed.
    public func authenticate(_ request: inout HTTPRequest, refresh: Bool) async throws {
        request.windowsCredential = credential
    }

    /// `WindowsAuthentication(user: DOMAIN\user)`: the password left out.
    public var description: String { "WindowsAuthentication(user: \(user))" }

    /// The same as ``description``.
    public var debugDescription: String { description }

    /// The user alone, so that `dump` and debuggers never show the password.
    public var customMirror: Mirror { Mirror(self, children: ["user": user], displayStyle: .struct) }
}
