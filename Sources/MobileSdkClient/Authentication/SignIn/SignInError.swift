import Foundation
import MobileSdk

/// Why signing a user in did not succeed. Messages never carry codes or tokens.
public enum SignInError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// Nobody is signed in, or the stored sign-in ended (the refresh token was refused): call
    /// ``UserSignIn/signIn(using:prompt:)``.
    case signInRequired
    /// The user closed the sign-in page, or the task was cancelled.
    case cancelled
    /// No redirect came back in time (``LoopbackPresenter``).
    case timedOut
    /// The authorization server refused: its OAuth error (`access_denied` when the user declined) and description.
    case refused(error: String, description: String?)
    /// The redirect's `state` is not the one sent: the answer belongs to another request, and is ignored.
    case stateMismatch
    /// The redirect carries neither a code nor an error.
    case missingCode
    /// The loopback listener could not start (the `errno`).
    case listenerFailed(Int32)

    /// A short English message for logs; never an authorization code or a token.
    public var description: String {
        switch self {
        case .signInRequired: "the user needs to sign in"
        case .cancelled: "sign-in was cancelled"
        case .timedOut: "sign-in timed out waiting for the browser's redirect"
        case .refused(let error, let description):
            "the authorization server refused: \(error)" + (description.map { " (\($0))" } ?? "")
        case .stateMismatch: "the sign-in redirect does not belong to this sign-in (state mismatch)"
        case .missingCode: "the sign-in redirect carries no authorization code"
        case .listenerFailed(let code): "the loopback listener for the sign-in redirect could not start (errno \(code))"
        }
    }

    /// A sentence for an alert: the authorization server's description where it gave one.
    public var errorDescription: String? {
        switch self {
        case .signInRequired: "You need to sign in."
        case .cancelled: "Sign-in was cancelled."
        case .timedOut: "Sign-in timed out before the browser returned."
        case .refused("access_denied", nil): "Sign-in was declined."
        case .refused(let error, let description): ErrorSentence.make("Sign-in was refused: " + (description ?? error))
        case .stateMismatch: "The sign-in answer does not belong to this sign-in; try again."
        case .missingCode: "The sign-in answer carries no authorization code; try again."
        case .listenerFailed: "Sign-in could not start, because the app cannot receive the browser's answer."
        }
    }
}
