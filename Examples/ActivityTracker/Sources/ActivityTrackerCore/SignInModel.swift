import ActivityTrackerModel
import Foundation
import MobileSdk
import MobileSdkClient
import Observation

/// Signing in: a client for the service the user names, checked with one small read before the app goes on.
///
/// Credentials come from an `AuthenticationProvider`. For now the user pastes an access token (``signIn()``); an
/// interactive sign-in (MSAL, `ASWebAuthenticationSession`) conforms a type of its own and calls ``signIn(with:)``.
@MainActor @Observable
public final class SignInModel {
    /// The service root as typed, e.g. `https://yourorg.crm.dynamics.com/api/data/v9.2/`.
    public var serviceURL: String
    /// An access token for the service, e.g. from
    /// `az account get-access-token --resource https://yourorg.crm.dynamics.com`.
    public var accessToken = ""
    /// The client of the signed-in session; nil until a sign-in succeeds.
    public private(set) var client: ODataClient?
    public private(set) var isSigningIn = false
    /// Why the last sign-in failed, in words for the user.
    public private(set) var errorMessage: String?

    public init(serviceURL: String = Service.url?.absoluteString ?? "") {
        self.serviceURL = serviceURL
    }

    /// Whether the form is complete enough to try.
    public var canSignIn: Bool {
        !isSigningIn && serviceRoot != nil
    }

    /// Signs in with ``accessToken`` as a bearer token.
    public func signIn() async {
        let token = accessToken.trimmingCharacters(in: .whitespacesAndNewlines)
        await signIn(with: BearerTokenAuthentication { _ in token })
    }

    /// Signs in with `authentication`: builds the client and reads one contact id with it, so that a wrong URL, a
    /// refused token or a missing permission shows here rather than on the next screen.
    public func signIn(with authentication: any AuthenticationProvider) async {
        guard let serviceRoot else {
            errorMessage = "Enter the service URL, e.g. https://yourorg.crm.dynamics.com/api/data/v9.2/."
            return
        }
        isSigningIn = true
        errorMessage = nil
        defer { isSigningIn = false }
        var configuration = ODataClient.Configuration.dataverse(serviceRoot: serviceRoot,
                                                                authentication: authentication)
        configuration.registry = DataverseClasses.registry
        let client = ODataClient(configuration)
        do {
            _ = try await client.retrieveMultiple(Query<Contact>().select(\.contactid).top(1))
            self.client = client
        } catch {
            errorMessage = ErrorMessage.text(for: error)
        }
    }

    /// Ends the session; the service URL stays for the next sign-in, the token does not.
    public func signOut() {
        client = nil
        accessToken = ""
        errorMessage = nil
    }

    /// The typed URL when it is an absolute http(s) URL with a host.
    private var serviceRoot: URL? {
        let text = serviceURL.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http",
              url.host(percentEncoded: false)?.isEmpty == false else { return nil }
        return url
    }
}
