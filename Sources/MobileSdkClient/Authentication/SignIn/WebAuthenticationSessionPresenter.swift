#if canImport(AuthenticationServices) && (os(iOS) || os(macOS) || os(visionOS))
import AuthenticationServices
import Foundation

/// Signs in with the system's web authentication session (`ASWebAuthenticationSession`): the sign-in page in a
/// browser sheet that shares (or, with `prefersEphemeralSession`, does not share) the browser's cookies, closing when
/// it redirects to the app's redirect URI (a custom scheme, such as `com.contoso.fieldservice://auth`). Cancelling
/// the task closes the sheet; the user closing it throws ``SignInError/cancelled``.
///
///     let presenter = WebAuthenticationSessionPresenter { view.window! }   // the window the sheet belongs to
///     try await signIn.signIn(using: presenter)
public struct WebAuthenticationSessionPresenter: AuthorizationPresenter {
    private let anchor: @MainActor @Sendable () -> ASPresentationAnchor
    private let prefersEphemeralSession: Bool

    /// Creates a presenter whose sheet belongs to the window `anchor` returns (called on the main actor);
    /// `prefersEphemeralSession` signs in without the browser's cookies and leaves no session in the browser.
    public init(
        prefersEphemeralSession: Bool = false,
        anchor: @escaping @MainActor @Sendable () -> ASPresentationAnchor
    ) {
        self.prefersEphemeralSession = prefersEphemeralSession
        self.anchor = anchor
    }

    /// Shows the sign-in page in a web authentication session that waits for the redirect URI's scheme, and returns
    /// the redirect. Throws ``SignInError/cancelled`` when the user closes the sheet, and
    /// ``ODataClientError/invalidRequest(_:)`` when the redirect URI has no scheme.
    public func present(_ request: AuthorizationRequest) async throws -> AuthorizationCallback {
        guard let scheme = request.redirectURI.scheme else {
            throw ODataClientError.invalidRequest("the redirect URI \(request.redirectURI) has no scheme")
        }
        let url = request.url(redirectingTo: request.redirectURI)
        let callback = try await WebAuthenticationSheet(
            anchor: anchor,
            prefersEphemeralSession: prefersEphemeralSession
        )
        .run(url, callbackScheme: scheme)
        return AuthorizationCallback(url: callback, redirectURI: request.redirectURI)
    }
}

/// One web authentication session, on the main actor, with the window it presents from.
@MainActor private final class WebAuthenticationSheet: NSObject, ASWebAuthenticationPresentationContextProviding {
    private let anchor: @MainActor @Sendable () -> ASPresentationAnchor
    private let prefersEphemeralSession: Bool
    private var session: ASWebAuthenticationSession?

    init(anchor: @escaping @MainActor @Sendable () -> ASPresentationAnchor, prefersEphemeralSession: Bool) {
        self.anchor = anchor
        self.prefersEphemeralSession = prefersEphemeralSession
    }

    func run(_ url: URL, callbackScheme: String) async throws -> URL {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<URL, Error>) in
                let session = ASWebAuthenticationSession(url: url, callbackURLScheme: callbackScheme) {
                    callback,
                    error in
                    if let callback {
                        continuation.resume(returning: callback)
                    } else if let error = error as? ASWebAuthenticationSessionError, error.code == .canceledLogin {
                        continuation.resume(throwing: SignInError.cancelled)
                    } else {
                        continuation.resume(throwing: error ?? SignInError.cancelled)
                    }
                }
                session.presentationContextProvider = self
                session.prefersEphemeralWebBrowserSession = prefersEphemeralSession
                self.session = session
                if !session.start() { continuation.resume(throwing: SignInError.cancelled) }
            }
        } onCancel: {
            Task { @MainActor in self.session?.cancel() }
        }
    }

    // The system asks on the main thread; `nonisolated` satisfies the requirement whether or not the SDK marks it
    // main-actor isolated.
    nonisolated func presentationAnchor(for session: ASWebAuthenticationSession) -> ASPresentationAnchor {
        MainActor.assumeIsolated { anchor() }
    }
}
#endif
