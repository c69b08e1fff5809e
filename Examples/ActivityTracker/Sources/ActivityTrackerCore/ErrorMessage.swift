import Foundation
import MobileSdkClient
import MobileSdkOffline
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What to tell the user about a failed request: what the service said, why it could not be reached, or what the
/// offline store could not do.
public enum ErrorMessage {
    /// The error in a sentence for the user.
    public static func text(for error: any Error) -> String {
        switch error {
        case let error as ODataServiceError:
            switch error.reason {
            case .unauthorized, .forbidden:
                "The service did not accept the sign-in: \(error.localizedDescription) Sign in again."
            case .notFound:
                "The service has no such resource. Check the service URL; Dataverse's ends in /api/data/v9.2/."
            case .throttled(let wait):
                "The service is busy. Try again" + (wait.map { " in \(Int($0.rounded(.up))) seconds." } ?? " later.")
            case .conflict:
                "Someone changed the record since it was loaded: \(error.localizedDescription)"
            default:
                error.innerMessage ?? error.localizedDescription
            }
        case let error as ODataClientError where error.isUnreachable:
            "The service could not be reached: \(error.localizedDescription)"
        case let error as URLError:
            "The service could not be reached: \(error.localizedDescription)"
        case OfflineStoreError.noClient:
            "The offline store has no service to download from or upload to."
        case let error as OfflineStoreError:
            sentence(error.description)
        default:
            String(describing: error)
        }
    }

    /// Whether the error says the record is not there: not on the service, or not in the offline store.
    public static func isNotFound(_ error: any Error) -> Bool {
        switch error {
        case let error as ODataServiceError: error.reason == .notFound
        case OfflineStoreError.notFound: true
        default: false
        }
    }

    /// `text` with a capital first letter and a full stop.
    private static func sentence(_ text: String) -> String {
        let capitalized = text.prefix(1).uppercased() + text.dropFirst()
        return capitalized.hasSuffix(".") ? capitalized : capitalized + "."
    }
}
