import ArgumentParser
import Foundation
import ServiceAccess

/// The OAuth 2.0 sign-in options of `SignInOptions`: client credentials, or the device code grant, with shortcuts for
/// Microsoft Entra ID and AD FS. Errors name options, never their values.
struct OAuthOptions: ParsableArguments {
    @Option(
        name: .customLong("client-id"),
        help: ArgumentHelp(
            """
            An OAuth 2.0 client id: client credentials with --client-secret-env, or a user's sign-in with \
            --device-code.
            """,
            valueName: "ID"
        )
    ) var clientID: String?

    @Option(
        name: .customLong("client-secret-env"),
        help: ArgumentHelp(
            "An environment variable holding the --client-id's secret (client credentials grant).",
            valueName: "VAR"
        )
    ) var clientSecretVariable: String?

    @Flag(
        name: .customLong("device-code"),
        help: "Sign in as a user with the device code grant: open the address shown and enter the code."
    ) var deviceCode = false

    @Option(name: .customLong("token-url"), help: ArgumentHelp("The OAuth token endpoint.", valueName: "URL"))
    var tokenURL: String?

    @Option(
        name: .customLong("device-authorization-url"),
        help: ArgumentHelp("The device authorization endpoint (--device-code).", valueName: "URL")
    ) var deviceAuthorizationURL: String?

    @Option(
        name: .customLong("scope"),
        help: ArgumentHelp("A scope to ask for (repeatable, or several separated by spaces).", valueName: "SCOPE")
    ) var scopes: [String] = []

    @Option(
        help: ArgumentHelp(
            """
            A Microsoft Entra ID tenant (id or domain): sets --token-url, --device-authorization-url and, \
            without --scope, the scope ORIGIN/.default of the service root (Dataverse).
            """,
            valueName: "TENANT"
        )
    ) var tenant: String?

    @Option(
        help: ArgumentHelp(
            """
            An AD FS authority (https://HOST/adfs), as on-premises Dynamics uses: sets --token-url and \
            --device-authorization-url (AD FS 2019 or later for --device-code); needs --resource.
            """,
            valueName: "URL"
        )
    ) var adfs: String?

    @Option(
        help: ArgumentHelp(
            """
            The resource a token is for, sent as resource (RFC 8707): with --adfs, the identifier of the service's \
            relying party trust (for Dynamics on premises, the organization's address).
            """,
            valueName: "URI"
        )
    ) var resource: String?

    @Flag(
        name: .customLong("no-token-cache"),
        help: "Neither reuse nor keep --device-code tokens (kept in ~/.cache/mobilesdkgen/tokens.json)."
    ) var noTokenCache = false

    /// Whether an OAuth sign-in was asked for.
    var isGiven: Bool { clientID != nil || deviceCode }

    /// The scopes, split at spaces, each once.
    var scopeList: [String] {
        var seen = Set<String>()
        return scopes.flatMap { $0.split(whereSeparator: \.isWhitespace).map(String.init) }
            .filter { seen.insert($0).inserted }
    }

    func validate() throws {
        guard isGiven else {
            let given = [
                ("--client-secret-env", clientSecretVariable != nil), ("--token-url", tokenURL != nil),
                ("--device-authorization-url", deviceAuthorizationURL != nil), ("--scope", !scopes.isEmpty),
                ("--tenant", tenant != nil), ("--adfs", adfs != nil), ("--resource", resource != nil),
                ("--no-token-cache", noTokenCache),
            ]
            if let option = given.first(where: \.1)?.0 { throw ValidationError("\(option) needs --client-id") }
            return
        }
        guard let clientID else { throw ValidationError("--device-code needs --client-id") }
        guard !clientID.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw ValidationError("--client-id must not be empty")
        }
        if deviceCode {
            if clientSecretVariable != nil {
                throw ValidationError(
                    """
                    --client-secret-env is for client credentials: --device-code signs a user in with a public client, \
                    without a secret
                    """
                )
            }
        } else {
            guard clientSecretVariable != nil else {
                throw ValidationError(
                    "--client-id needs --client-secret-env (client credentials) or --device-code (a user's sign-in)"
                )
            }
            if deviceAuthorizationURL != nil { throw ValidationError("--device-authorization-url needs --device-code") }
            if noTokenCache {
                throw ValidationError("--no-token-cache is for --device-code: client credentials are never cached")
            }
        }
        if clientSecretVariable?.isEmpty == true {
            throw ValidationError("--client-secret-env must name an environment variable")
        }
        try validateEndpoints()
        try validateResource()
        if !scopes.isEmpty, scopeList.isEmpty { throw ValidationError("--scope must not be empty") }
        // RFC 6749 §3.3: a scope token is printable ASCII without space, " and \.
        let isScopeCharacter = { (scalar: Unicode.Scalar) in
            (0x21...0x7E).contains(scalar.value) && scalar != "\"" && scalar != "\\"
        }
        guard scopeList.allSatisfy({ $0.unicodeScalars.allSatisfy(isScopeCharacter) }) else {
            throw ValidationError("--scope may hold only printable ASCII characters other than \" and \\")
        }
    }

    /// --tenant, --adfs, or the endpoints' URLs.
    private func validateEndpoints() throws {
        if tenant != nil, adfs != nil {
            throw ValidationError("give either --tenant (Microsoft Entra ID) or --adfs (AD FS), not both")
        }
        if let shortcut = tenant != nil ? "--tenant" : adfs != nil ? "--adfs" : nil {
            guard tokenURL == nil, deviceAuthorizationURL == nil else {
                throw ValidationError(
                    "\(shortcut) sets --token-url and --device-authorization-url: give either \(shortcut) or the URLs"
                )
            }
        }
        if let tenant {
            guard EntraID.isValidTenant(tenant) else {
                throw ValidationError("--tenant must be a tenant id or domain name (letters, digits, dots and dashes)")
            }
        } else if let adfs {
            _ = try OAuthEndpoint.url(adfs, option: "--adfs")
            guard resource != nil else {
                throw ValidationError(
                    """
                    --adfs needs --resource: the identifier of the service's relying party trust in AD FS (for \
                    Dynamics on premises, the organization's address)
                    """
                )
            }
        } else {
            guard let tokenURL else { throw ValidationError("--client-id needs --token-url (or --tenant, or --adfs)") }
            _ = try OAuthEndpoint.url(tokenURL, option: "--token-url")
            if deviceCode {
                guard let deviceAuthorizationURL else {
                    throw ValidationError("--device-code needs --device-authorization-url (or --tenant, or --adfs)")
                }
                _ = try OAuthEndpoint.url(deviceAuthorizationURL, option: "--device-authorization-url")
            }
        }
    }

    /// --resource: an absolute URI of printable ASCII, and not for Entra ID's v2.0 endpoints, which refuse it.
    private func validateResource() throws {
        guard let resource else { return }
        if tenant != nil {
            throw ValidationError("--resource is not for --tenant: Entra ID's v2.0 endpoints take --scope URI/.default")
        }
        let printable = resource.unicodeScalars.allSatisfy { (0x21...0x7E).contains($0.value) }
        guard printable, let uri = URL(string: resource), uri.scheme?.isEmpty == false else {
            throw ValidationError("--resource must be an absolute URI, such as https://crm.contoso.com/")
        }
    }

    /// The sign-in for a service: `serviceURL` gives the default Entra ID scope.
    func signIn(for serviceURL: URL) throws -> OAuthSignIn? {
        guard let clientID else { return nil }
        var scopes = scopeList
        let tokenEndpoint: URL?
        let authorizationEndpoint: URL?
        if let tenant {
            tokenEndpoint = EntraID.tokenURL(tenant: tenant)
            authorizationEndpoint = EntraID.deviceAuthorizationURL(tenant: tenant)
            if scopes.isEmpty {
                guard let scope = EntraID.defaultScope(for: serviceURL) else {
                    throw FetchError("--tenant needs --scope for this service root")
                }
                // offline_access: Entra ID issues a refresh token for the device grant only when asked.
                scopes = deviceCode ? [scope, "offline_access"] : [scope]
            }
        } else if let authority = adfs.flatMap(URL.init(string:)) {
            let endpoints = ADFSEndpoints(authority: authority)
            tokenEndpoint = endpoints.token
            authorizationEndpoint = endpoints.deviceCode
        } else {
            tokenEndpoint = tokenURL.flatMap(URL.init(string:))
            authorizationEndpoint = deviceAuthorizationURL.flatMap(URL.init(string:))
        }
        guard let tokenEndpoint else { throw FetchError("--token-url is not a valid URL") }
        let grant: OAuthSignIn.Grant
        if deviceCode {
            guard let authorizationEndpoint else { throw FetchError("--device-authorization-url is not a valid URL") }
            grant = .deviceCode(authorizationURL: authorizationEndpoint)
        } else {
            grant = .clientCredentials(secretVariable: clientSecretVariable ?? "")
        }
        let cacheFile = deviceCode && !noTokenCache ? TokenCache.defaultFile() : nil
        if deviceCode, !noTokenCache, cacheFile == nil {
            FileHandle.standardError.write(
                Data("warning: neither XDG_CACHE_HOME nor HOME is set: the sign-in is not cached\n".utf8)
            )
        }
        return OAuthSignIn(
            grant: grant,
            clientID: clientID,
            tokenURL: tokenEndpoint,
            access: RequestedAccess(scopes: scopes, resource: resource),
            cacheFile: cacheFile
        )
    }
}
