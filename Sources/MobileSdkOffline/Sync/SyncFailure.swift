import Foundation
import MobileSdkClient

/// Why a download or upload of the store stopped, kept by ``SyncStatus/lastFailure`` for the app to show.
public struct SyncFailure: Error, Sendable, LocalizedError {
    /// What failed.
    public enum Operation: String, Sendable, Hashable {
        case download
        case upload
    }

    /// What the failure means for the app, whatever error said it.
    public enum Reason: Sendable, Hashable {
        /// The service could not be reached: no network, a name that does not resolve, a refused connection. The
        /// changes wait in the store; sync again when the device is online.
        case unreachable
        /// The service refused the credentials, or sign-in failed: the user signs in again.
        case notAuthorized
        /// The service answered with an error of this HTTP status.
        case service(statusCode: Int)
        /// The store on the device failed: no room left, a damaged or locked file.
        case store
        /// Anything else: an answer that could not be read, a timeout, a configuration error.
        case other
    }

    /// What failed.
    public let operation: Operation
    /// What the failure means.
    public let reason: Reason
    /// The error the download or upload threw.
    public let error: any Error
    /// When it failed.
    public let date: Date

    /// The failure of `operation` with `error` at `date`.
    public init(_ operation: Operation, error: any Error, date: Date = Date()) {
        self.operation = operation
        self.error = error
        self.date = date
        reason = Self.reason(of: error)
    }

    /// The failure in a sentence: what stopped and the error's own words, where it has some.
    public var errorDescription: String? {
        let what = operation == .download ? "The download" : "The upload"
        guard let words = (error as? any LocalizedError)?.errorDescription else {
            return "\(what) stopped because of an unexpected error."
        }
        return "\(what) stopped: \(words)"
    }

    private static func reason(of error: any Error) -> Reason {
        switch error {
        case let error as ODataClientError:
            if error.isUnreachable { return .unreachable }
            if case .authenticationFailed = error { return .notAuthorized }
            if case .pagingInterrupted(_, _, let underlying) = error { return reason(of: underlying) }
            return .other
        case let error as ODataServiceError:
            return error.statusCode == 401 ? .notAuthorized : .service(statusCode: error.statusCode)
        case is SignInError: return .notAuthorized
        case is OfflineStoreError: return .store
        default: return .other
        }
    }
}
