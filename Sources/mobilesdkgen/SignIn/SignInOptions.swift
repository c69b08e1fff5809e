import ArgumentParser
import Foundation

/// The sign-in options of the commands that talk to a service, turned into an `Authorization` header value.
struct SignInOptions: ParsableArguments {
    @Option(
        name: .customLong("token-env"),
        help: ArgumentHelp("An environment variable holding a bearer token.", valueName: "VAR")
    ) var tokenEnvironmentVariable: String?

    @Option(
        name: .customLong("token-command"),
        help: ArgumentHelp(
            "A shell command printing a bearer token, e.g. \"az account get-access-token --query accessToken -o tsv\".",
            valueName: "CMD"
        )
    ) var tokenCommand: String?

    @Option(help: "A user name for basic sign-in (SAP); the password comes from --password-env or a prompt.") var user:
        String?

    @Option(
        name: .customLong("password-env"),
        help: ArgumentHelp("An environment variable holding the --user's password.", valueName: "VAR")
    ) var passwordEnvironmentVariable: String?

    @OptionGroup var oauth: OAuthOptions

    func validate() throws {
        let signIns = [tokenEnvironmentVariable != nil, tokenCommand != nil, user != nil, oauth.isGiven].filter { $0 }
            .count
        guard signIns <= 1 else {
            throw ValidationError(
                "give one of --token-env, --token-command and --user, or OAuth with --client-id; not several"
            )
        }
        if passwordEnvironmentVariable != nil, user == nil { throw ValidationError("--password-env needs --user") }
    }

    /// The `Authorization` header value, or nil when no sign-in option was given. `serviceURL` (on the service's
    /// host) gives `--tenant` its default scope; `timeout` bounds each request to an OAuth endpoint. Without
    /// `reusingCachedToken`, an OAuth sign-in does not take the token cache's access token (the service refused it).
    func authorization(for serviceURL: URL, timeout: TimeInterval, reusingCachedToken: Bool = true) async throws
        -> Authorization?
    {
        if let signIn = try oauth.signIn(for: serviceURL) {
            let token = try await signIn.accessToken(timeout: timeout, reusingCachedToken: reusingCachedToken)
            return Authorization(value: "Bearer " + token.value, isCachedToken: token.isCached)
        }
        return try Credentials(
            tokenEnvironmentVariable: tokenEnvironmentVariable,
            tokenCommand: tokenCommand,
            user: user,
            passwordEnvironmentVariable: passwordEnvironmentVariable
        )
        .authorization().map { Authorization(value: $0, isCachedToken: false) }
    }

    /// An `Authorization` header value.
    struct Authorization {
        var value: String
        /// Whether it holds an access token from the token cache, which a new sign-in can replace.
        var isCachedToken: Bool
    }
}
