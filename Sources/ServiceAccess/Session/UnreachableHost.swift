import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The transport failures that mean the host was not reached at all, so nothing was sent: one rule for the client
/// (which fails at once) and the command line (which says so). A dropped connection, a timeout and TLS failures are
/// not among them: the service may have been reached.
package enum UnreachableHost {
    /// Why the host was not reached.
    package enum Kind: Sendable {
        /// No network connection (`notConnectedToInternet`; on Apple platforms also `dataNotAllowed`,
        /// `internationalRoamingOff` and `callIsActive`).
        case offline
        /// The name does not resolve (`cannotFindHost`, `dnsLookupFailed`).
        case hostNotFound
        /// Nothing accepted the connection (`cannotConnectToHost`): refused, no route, or the host is down.
        case cannotConnect
    }

    /// Why `error` means the host was not reached; nil when it does not.
    package static func kind(of error: URLError) -> Kind? {
        switch error.code {
        case .notConnectedToInternet, .dataNotAllowed, .internationalRoamingOff, .callIsActive: .offline
        case .cannotFindHost, .dnsLookupFailed: .hostNotFound
        case .cannotConnectToHost: .cannotConnect
        default: nil
        }
    }
}
