import ArgumentParser
import Foundation

/// The sign-in options of the commands that talk to a service, turned into an `Authorization` header value.
struct SignInOptions: ParsableArguments {
    @Option(name: .customLong("token-env"), help: ArgumentHelp("An environment variable holding a bearer token.", valueName: "VAR"))
    var tokenEnvironmentVariable: String?

    @Option(name: .customLong("token-command"), help: ArgumentHelp(
        "A shell command printing a bearer token, e.g. \"az account get-access-token --query accessToken -o tsv\".", valueName: "CMD"))
    var tokenCommand: String?

    @Option(help: "A user name for basic sign-in (SAP); the password comes from --password-env or a prompt.")
    var user: String?

    @Option(name: .customLong("password-env"), help: ArgumentHelp("An environment variable holding the --user's password.", valueName: "VAR"))
    var passwordEnvironmentVariable: String?

    @OptionGroup
    var oauth: OAuthOptions

    func validate() throws {
        let signIns = [tokenEnvironmentVariable != nil, tokenCommand != nil, user != nil, oauth.isGiven].filter { $0 }.count
        guard signIns <= 1 else {
            throw ValidationError("give one of --token-env, --token-command and --user, or OAuth with --client-id; not several")
        }
        if passwordEnvironmentVariable != nil, user == nil { throw ValidationError("--password-env needs --user") }
    }

    /// The `Authorization` header value, or nil when no sign-in option was given. `serviceURL` (on the service's
    /// host) gives `--tenant` its default scope; `timeout` bounds each request to an OAuth endpoint.
    func authorization(for serviceURL: URL, timeout: TimeInterval) async throws -> String? {
        if let signIn = try oauth.signIn(for: serviceURL) {
            return "Bearer " + (try await signIn.accessToken(timeout: timeout))
        }
        return try Credentials(
            tokenEnvironmentVariable: tokenEnvironmentVariable, tokenCommand: tokenCommand,
            user: user, passwordEnvironmentVariable: passwordEnvironmentVariable
        ).authorization()
    }
}
