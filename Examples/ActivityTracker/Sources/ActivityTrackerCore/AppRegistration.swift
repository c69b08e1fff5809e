import Foundation
import MobileSdkClient

/// How the app is registered with Microsoft Entra ID: a public client ("Mobile and desktop applications") with the
/// redirect URI below, "Allow public client flows", and the delegated Dynamics CRM permission `user_impersonation`.
/// The authentication article of MobileSdkClient's documentation has the whole checklist. Replace the placeholders
/// with your registration's values, and register the redirect URI's scheme as a URL type of the app.
public struct AppRegistration: Sendable {
    /// The directory: a domain (`contoso.onmicrosoft.com`), a tenant id, or `organizations` for any work account.
    public var tenant: String
    /// The registration's Application (client) ID.
    public var clientID: String
    /// The redirect URI registered for the app, whose scheme the sign-in sheet waits for.
    public var redirectURI: String

    public init(tenant: String, clientID: String, redirectURI: String) {
        self.tenant = tenant
        self.clientID = clientID
        self.redirectURI = redirectURI
    }

    /// The values to replace: until then ``isConfigured`` is false and the sign-in screen says so.
    public static let placeholder = AppRegistration(
        tenant: "organizations", clientID: "00000000-0000-0000-0000-000000000000",
        redirectURI: "com.example.activitytracker://auth")

    /// Whether the client id is a real one.
    public var isConfigured: Bool {
        clientID != Self.placeholder.clientID && UUID(uuidString: clientID) != nil
    }

    /// The sign-in for the Dataverse organization at `serviceRoot`: Entra ID's endpoints, the organization's
    /// `user_impersonation` scope and `offline_access` (a refresh token, so that the user stays signed in). Nil when
    /// the redirect URI is not a URL.
    public func signInConfiguration(for serviceRoot: URL) -> UserSignIn.Configuration? {
        guard let redirect = URL(string: redirectURI), let host = serviceRoot.host(percentEncoded: false) else {
            return nil
        }
        return .entraID(tenant: tenant, clientID: clientID, redirectURI: redirect,
                        scopes: ["https://\(host)/user_impersonation"])
    }
}
