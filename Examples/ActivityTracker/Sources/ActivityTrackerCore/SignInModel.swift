import ActivityTrackerModel
import Foundation
import MobileSdk
import MobileSdkClient
import Observation

/// Signing in: the user's own sign-in with Microsoft Entra ID (``signIn(using:)``, `UserSignIn` with PKCE, its tokens
/// in the keychain), kept across launches (``restore()``) until ``signOut()``; then a client for the service, checked
/// with one small read before the app goes on.
@MainActor @Observable
public final class SignInModel {
    /// The service root as typed, e.g. `https://yourorg.crm.dynamics.com/api/data/v9.2/`.
    public var serviceURL: String
    /// The client of the signed-in session; nil until a sign-in succeeds.
    public private(set) var client: ODataClient?
    public private(set) var isSigningIn = false
    /// Why the last sign-in failed, in words for the user.
    public private(set) var errorMessage: String?

    private let store: any TokenStore
    private let signInConfiguration: @Sendable (URL) -> UserSignIn.Configuration?
    /// The sign-in of the service root it was made for; kept after a sign-out, so that the next sign-in asks for the
    /// account rather than let the browser's session pick the same one.
    private var userSignIn: (root: URL, signIn: UserSignIn)?

    /// A model signing in with the app's Entra ID registration, keeping tokens in `store` (by default the keychain on
    /// Apple platforms, a file of the user's own elsewhere).
    public convenience init(serviceURL: String = Service.url?.absoluteString ?? "",
                            registration: AppRegistration = .placeholder, store: (any TokenStore)? = nil) {
        self.init(serviceURL: serviceURL, store: store) { root in
            registration.isConfigured ? registration.signInConfiguration(for: root) : nil
        }
    }

    /// A model signing in with the authorization server `signInConfiguration` gives for a service root (nil: the app
    /// is not registered).
    public init(serviceURL: String, store: (any TokenStore)?,
                signInConfiguration: @escaping @Sendable (URL) -> UserSignIn.Configuration?) {
        self.serviceURL = serviceURL
        self.store = store ?? Self.defaultStore
        self.signInConfiguration = signInConfiguration
    }

    /// Whether the form is complete enough to try.
    public var canSignIn: Bool {
        !isSigningIn && serviceRoot != nil
    }

    /// Whether the app has a registration to sign in with; without one the sign-in screen says what to set.
    public var isRegistered: Bool {
        serviceRoot.flatMap(signInConfiguration) != nil
    }

    /// Shows the sign-in page through `presenter` (in the app, the system's browser sheet), then opens the session.
    public func signIn(using presenter: any AuthorizationPresenter) async {
        guard let serviceRoot else {
            errorMessage = "Enter the service URL, e.g. https://yourorg.crm.dynamics.com/api/data/v9.2/."
            return
        }
        guard let session = userSignIn(for: serviceRoot) else {
            errorMessage = "The app has no Entra ID registration yet: set AppRegistration's client id and redirect URI."
            return
        }
        isSigningIn = true
        errorMessage = nil
        do {
            try await session.signIn(using: presenter)
        } catch SignInError.cancelled {
            isSigningIn = false   // the user closed the sheet: nothing to report
            return
        } catch {
            isSigningIn = false
            errorMessage = ErrorMessage.text(for: error)
            return
        }
        await self.signIn(with: session)
    }

    /// At launch: opens the session of a user who signed in before and did not sign out, without a sign-in page.
    public func restore() async {
        guard client == nil, let serviceRoot, let session = userSignIn(for: serviceRoot),
              (try? await session.isSignedIn) == true else { return }
        await signIn(with: session)
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
            _ = try await client.retrieveMultiple(Query<Contact>().select(\.contactId).top(1))
            self.client = client
        } catch {
            errorMessage = ErrorMessage.text(for: error)
        }
    }

    /// Ends the session and forgets the user's tokens; the service URL stays for the next sign-in, which asks for the
    /// account.
    public func signOut() async {
        client = nil
        errorMessage = nil
        do {
            try await userSignIn?.signIn.signOut()
        } catch {
            errorMessage = "Signed out, but the stored sign-in could not be removed: \(error)"
        }
    }

    /// The sign-in for `root`: the one already made for it, or a new one.
    private func userSignIn(for root: URL) -> UserSignIn? {
        if let userSignIn, userSignIn.root == root { return userSignIn.signIn }
        guard let configuration = signInConfiguration(root) else { return nil }
        let session = UserSignIn(configuration, store: store)
        userSignIn = (root, session)
        return session
    }

    /// The keychain on Apple platforms; elsewhere a file only the user can read, in Application Support.
    private static var defaultStore: any TokenStore {
        #if canImport(Security)
        KeychainTokenStore(service: "com.example.ActivityTracker")
        #else
        let support = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        return FileTokenStore(file: support.appendingPathComponent("ActivityTracker/tokens.json"))
        #endif
    }

    /// The typed URL when it is an absolute http(s) URL with a host.
    private var serviceRoot: URL? {
        let text = serviceURL.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http",
              url.host(percentEncoded: false)?.isEmpty == false else { return nil }
        return url
    }
}
