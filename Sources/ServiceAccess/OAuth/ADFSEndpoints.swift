import Foundation

/// The OAuth 2.0 endpoints of an AD FS farm, below its authority `https://HOST/adfs`: the one rule of the client's
/// `UserSignIn` and the command line's `--adfs`.
package struct ADFSEndpoints: Sendable, Equatable {
    /// The authority as used: the address given, or `/adfs` on its host when it names no path.
    package let authority: URL

    /// The endpoints of the AD FS at `authority`, such as `https://sts.contoso.com/adfs`; a bare
    /// `https://sts.contoso.com` means the same, AD FS serving OAuth under `/adfs` alone.
    package init(authority: URL) {
        let path = authority.path
        self.authority =
            path.isEmpty || path == "/" ? authority.appendingPathComponent("adfs", isDirectory: false) : authority
    }

    /// `oauth2/authorize`, the page a user signs in on.
    package var authorize: URL { oauth2("authorize") }
    /// `oauth2/token`, where codes, refresh tokens, device codes and client credentials become tokens.
    package var token: URL { oauth2("token") }
    /// `oauth2/devicecode`, the device authorization endpoint (RFC 8628) of AD FS 2019 and later.
    package var deviceCode: URL { oauth2("devicecode") }

    private func oauth2(_ name: String) -> URL {
        authority.appendingPathComponent("oauth2", isDirectory: true).appendingPathComponent(name)
    }
}
