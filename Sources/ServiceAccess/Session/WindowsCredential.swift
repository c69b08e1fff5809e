import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A user's password for Windows authentication (NTLM, Negotiate): what URLSession answers a service's challenges with.
/// Its description and mirror name the user, never the password.
package struct WindowsCredential: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// The user as a challenge takes it: `DOMAIN\user` or `user@domain`.
    package let user: String
    private let password: String

    /// The credential of `user` (`DOMAIN\user` or `user@domain`) with `password`.
    package init(user: String, password: String) {
        self.user = user
        self.password = password
    }

    /// The credential a challenge is answered with, kept for the session only (its storage is none).
    var urlCredential: URLCredential { URLCredential(user: user, password: password, persistence: .forSession) }

    /// `WindowsCredential(user: DOMAIN\user)`: the password left out.
    package var description: String { "WindowsCredential(user: \(user))" }

    /// The same as ``description``.
    package var debugDescription: String { description }

    /// The user alone, so that `dump` and debuggers never show the password.
    package var customMirror: Mirror { Mirror(self, children: ["user": user], displayStyle: .struct) }
}

/// Where a Windows credential may go: the scheme, host and port of the service's requests.
struct WindowsOrigin: Hashable {
    let scheme: String
    let host: String
    let port: Int

    /// The origin of `url`; nil unless it is http or https with a host.
    init?(_ url: URL) {
        guard let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty else { return nil }
        self.init(scheme: scheme, host: host, port: url.port)
    }

    /// The origin a challenge comes from; nil for a proxy's, or one of another protocol.
    init?(_ space: URLProtectionSpace) {
        guard !space.isProxy(), let scheme = space.protocol?.lowercased() else { return nil }
        self.init(scheme: scheme, host: space.host, port: space.port > 0 ? space.port : nil)
    }

    private init?(scheme: String, host: String, port: Int?) {
        guard scheme == "https" || scheme == "http" else { return nil }
        self.scheme = scheme
        self.host = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        self.port = port ?? (scheme == "https" ? 443 : 80)
    }
}

/// The rules of Windows authentication challenges: which are answered, with what, and what a 401 offers.
package enum WindowsChallenge {
    /// How a Windows challenge is answered.
    enum Answer: Equatable {
        /// With this credential.
        case credential(URLCredential)
        /// By rejecting its protection space, for the NTLM challenge that comes next: a Negotiate challenge whose 401
        /// offers NTLM too, which IIS accepts without Kerberos, so that a password is tried once.
        case preferNTLM
    }

    /// The authentication methods of Windows authentication.
    static let methods: Set<String> = [NSURLAuthenticationMethodNTLM, NSURLAuthenticationMethodNegotiate]

    /// How to answer `challenge`: with the credential bound to the challenge's origin in `credentials`, for an NTLM or
    /// Negotiate challenge of a server (never a proxy's) not failed before; nil for any other. A refused password is
    /// not sent again — each try counts toward the account's lockout — and the service's 401 comes back instead; so
    /// Negotiate, which Apple's URLSession raises first, gives way to NTLM when the 401 offers both (URLSession's
    /// failure count adds up the tries of every method).
    static func answer(_ challenge: URLAuthenticationChallenge, from credentials: [WindowsOrigin: WindowsCredential])
        -> Answer?
    {
        let space = challenge.protectionSpace
        guard methods.contains(space.authenticationMethod), challenge.previousFailureCount == 0,
            let origin = WindowsOrigin(space), let credential = credentials[origin]
        else { return nil }
        let offered = (challenge.failureResponse as? HTTPURLResponse)?.value(forHTTPHeaderField: "WWW-Authenticate")
        if space.authenticationMethod == NSURLAuthenticationMethodNegotiate, schemes(in: offered).contains("ntlm") {
            return .preferNTLM
        }
        return .credential(credential.urlCredential)
    }

    /// Whether a `WWW-Authenticate` field (several challenges joined by commas, as URLSession joins the fields)
    /// offers NTLM or Negotiate.
    package static func isOffered(in authenticate: String?) -> Bool {
        !schemes(in: authenticate).isDisjoint(with: ["ntlm", "negotiate"])
    }

    /// The schemes a `WWW-Authenticate` field offers, in lower case (a parameter's value may be taken for one, but never
    /// a scheme for a parameter).
    private static func schemes(in authenticate: String?) -> Set<String> {
        Set(
            (authenticate ?? "").split(separator: ",")
                .map { $0.trimmingCharacters(in: .whitespaces).prefix { $0 != " " }.lowercased() }
        )
    }
}
