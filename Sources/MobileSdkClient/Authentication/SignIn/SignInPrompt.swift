/// What the authorization server's page asks of a user the browser already knows: the OpenID Connect `prompt`
/// parameter, which Microsoft Entra ID and most identity providers honour.
public enum SignInPrompt: String, Sendable, Hashable {
    /// The account picker, even when one account is signed in: after a sign-out, or to switch accounts.
    case selectAccount = "select_account"
    /// The credentials again, whatever session the browser has.
    case login
}
