#if canImport(MSAL)
import Foundation
import MobileSdkClient
import MSAL
#if canImport(UIKit)
import UIKit
#endif

// Microsoft's MSAL as the app's sign-in instead of `UserSignIn`: add the package
// https://github.com/AzureAD/microsoft-authentication-library-for-objc to the ActivityTracker target and this file
// compiles (without MSAL it is left out). Register the app for iOS/macOS in Entra ID (redirect URI
// `msauth.<bundle id>://auth`, the `msauth.<bundle id>` URL scheme and the `com.microsoft.adalcache` keychain group, as
// MSAL's documentation says), then sign in with
//
//     let msal = try MSALSignIn(clientID: "…", tenant: "contoso.onmicrosoft.com",
//                               scopes: ["https://contoso.crm.dynamics.com/user_impersonation"])
//     await model.signIn(with: MSALAuthentication(signIn: msal))
//
// It follows MSAL's documented pattern: a silent token request for the account MSAL has cached, and, when MSAL answers
// that interaction is required (`MSALErrorDomain`, `MSALError.interactionRequired`), an interactive request shown over
// the app's key window, on the main actor. The MSAL API used here was checked against MSAL's published reference and
// its "acquire tokens" and error-handling articles; it was not compiled here (MSAL builds for Apple platforms only).

/// MSAL's public client and the account it signed in, on the main actor (MSAL presents its web view from there).
@MainActor
final class MSALSignIn {
    private let application: MSALPublicClientApplication
    private let scopes: [String]
    /// The signed-in account's identifier, for silent requests.
    private var accountIdentifier: String?

    init(clientID: String, tenant: String, scopes: [String]) throws {
        guard let authorityURL = URL(string: "https://login.microsoftonline.com/\(tenant)") else {
            throw URLError(.badURL)
        }
        let authority = try MSALAADAuthority(url: authorityURL)
        let configuration = MSALPublicClientApplicationConfig(clientID: clientID, redirectUri: nil,
                                                              authority: authority)
        application = try MSALPublicClientApplication(configuration: configuration)
        self.scopes = scopes
    }

    /// An access token: silently from MSAL's cache (refreshed when `forceRefresh`), else from the sign-in sheet.
    func accessToken(forceRefresh: Bool) async throws -> String {
        if let accountIdentifier, let account = try? application.account(forIdentifier: accountIdentifier) {
            let parameters = MSALSilentTokenParameters(scopes: scopes, account: account)
            parameters.forceRefresh = forceRefresh
            do {
                return try await token { self.application.acquireTokenSilent(with: parameters, completionBlock: $0) }
            } catch let error as NSError
                        where error.domain == MSALErrorDomain && error.code == MSALError.interactionRequired.rawValue {
                // Fall through to the interactive request.
            }
        }
        let parameters = MSALInteractiveTokenParameters(scopes: scopes, webviewParameters: try webviewParameters())
        return try await token { self.application.acquireToken(with: parameters, completionBlock: $0) }
    }

    /// Signs the account out of MSAL's cache and the browser session, so that the next sign-in asks again.
    func signOut() async throws {
        guard let accountIdentifier, let account = try? application.account(forIdentifier: accountIdentifier) else {
            return
        }
        let parameters = MSALSignoutParameters(webviewParameters: try webviewParameters())
        parameters.signoutFromBrowser = true
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
            application.signout(with: account, signoutParameters: parameters) { _, error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume() }
            }
        }
        self.accountIdentifier = nil
    }

    /// Runs an MSAL request, keeping its account and returning its access token.
    private func token(_ request: (@escaping MSALCompletionBlock) -> Void) async throws -> String {
        let (token, account) = try await withCheckedThrowingContinuation {
            (continuation: CheckedContinuation<(String, String?), Error>) in
            request { result, error in
                if let result {
                    continuation.resume(returning: (result.accessToken, result.account.identifier))
                } else {
                    continuation.resume(throwing: error ?? URLError(.userAuthenticationRequired))
                }
            }
        }
        accountIdentifier = account
        return token
    }

    /// Where MSAL shows its sheet: over the key window's root view controller on iOS and visionOS.
    private func webviewParameters() throws -> MSALWebviewParameters {
        #if canImport(UIKit)
        let windows = UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }.flatMap(\.windows)
        guard let controller = (windows.first(where: \.isKeyWindow) ?? windows.first)?.rootViewController else {
            throw URLError(.userAuthenticationRequired)
        }
        return MSALWebviewParameters(authPresentationViewController: controller)
        #else
        return MSALWebviewParameters()
        #endif
    }
}

/// MSAL as the client's `AuthenticationProvider`: a bearer token per request, a refreshed one after a 401.
struct MSALAuthentication: AuthenticationProvider {
    let signIn: MSALSignIn

    func authenticate(_ request: inout HTTPRequest, refresh: Bool) async throws {
        let token = try await signIn.accessToken(forceRefresh: refresh)
        request[header: "Authorization"] = "Bearer " + token
    }
}
#endif
