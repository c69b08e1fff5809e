import Foundation
import MobileSdkClient
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What to tell the user about a failed request: what the service said or why it could not be reached.
enum ErrorMessage {
    static func text(for error: any Error) -> String {
        switch error {
        case let error as ODataServiceError where error.statusCode == 401 || error.statusCode == 403:
            "The service did not accept the sign-in (\(error.statusCode)): \(error.message). Sign in again."
        case let error as ODataServiceError where error.statusCode == 404:
            "The service has no such resource (404). Check the service URL; Dataverse's ends in /api/data/v9.2/."
        case let error as ODataServiceError:
            "The service answered \(error.statusCode): \(error.innerMessage ?? error.message)"
        case let error as URLError:
            "The service could not be reached: \(error.localizedDescription)"
        default:
            String(describing: error)
        }
    }
}
