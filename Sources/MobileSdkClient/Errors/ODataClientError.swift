import Foundation
import MobileSdk
import ServiceAccess

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Why a request failed on the client's side, or what the service answered that the client cannot use. Messages
/// name the request (`METHOD url`) but never header values, so tokens never appear in them.
///
/// Its `localizedDescription` is a sentence for an alert; ``description`` is the message for logs.
public enum ODataClientError: Error, Sendable, CustomStringConvertible, LocalizedError {
    /// Plain http to a host other than this machine, without ``ODataClient/Configuration/allowsInsecureHTTP`` (or to
    /// a token endpoint, which must always use https); refused whether or not the client has credentials.
    case insecureURL(String)
    /// A next link, redirect or entity URL that points away from the service root's host; credentials are not sent
    /// there.
    case foreignHost(url: String, request: String)
    /// The service redirected; redirects are not followed.
    case redirected(status: Int, location: String?, request: String)
    /// The token endpoint refused to issue a token.
    case authenticationFailed(status: Int, reason: String)
    /// The response body is not the JSON expected.
    case invalidResponse(JSONPayloadError, request: String)
    /// The response lacks what the operation needs (an entity id, a body).
    case unexpectedResponse(String, request: String)
    /// An entity cannot be addressed: no entity set, or a key attribute without a value.
    case unaddressable(String)
    /// The request body could not be written.
    case invalidRequest(String)
    /// Paging stopped at a failed page: the entities of the pages before it, and the link to go on from.
    case pagingInterrupted(receivedCount: Int, nextLink: String, underlying: any Error)
    /// A request of a `$batch` the service did not execute: it stopped at an earlier failure.
    case notExecuted(request: String)
    /// The service's host could not be reached: the device is offline, the name does not resolve, or nothing
    /// accepts the connection. Nothing was sent, and the request was not tried again (unless
    /// ``RetryPolicy/retriesUnreachable`` says so).
    case unreachable(reason: Unreachability, request: String)
    /// Windows authentication (``WindowsAuthentication``) cannot sign the request in: this platform's URLSession
    /// cannot answer the service's NTLM or Negotiate challenge, or the transport signs another user in to its host.
    /// The password was not sent.
    case windowsAuthenticationUnavailable(reason: WindowsAuthenticationUnavailability, request: String)

    /// Why a host could not be reached, from the transport's `URLError`. The request never reached the service.
    public enum Unreachability: Sendable, Hashable {
        /// The device has no network connection (`URLError.notConnectedToInternet`; on Apple platforms also
        /// `.dataNotAllowed`, `.internationalRoamingOff` and `.callIsActive`).
        case offline
        /// The host's name does not resolve (`URLError.cannotFindHost`, `.dnsLookupFailed`): a wrong address, or a
        /// network that cannot resolve it.
        case hostNotFound
        /// Nothing accepted the connection (`URLError.cannotConnectToHost`): refused, no route to the host, or the
        /// host is down.
        case cannotConnect

        /// The reason for a transport error, or nil when the error is not one of an unreachable host (a dropped
        /// connection, a timeout and TLS failures are not: the service may have been reached).
        public init?(_ error: URLError) {
            switch UnreachableHost.kind(of: error) {
            case .offline: self = .offline
            case .hostNotFound: self = .hostNotFound
            case .cannotConnect: self = .cannotConnect
            case nil: return nil
            }
        }
    }

    /// Whether the service could not be reached (``unreachable(reason:request:)``), also when paging stopped at a
    /// page that could not be fetched: what an offline-first app checks to carry on with its local data.
    public var isUnreachable: Bool { unreachability != nil }

    /// Why the service could not be reached, when it could not (also for paging stopped by such a page).
    public var unreachability: Unreachability? {
        switch self {
        case .unreachable(let reason, _): reason
        case .pagingInterrupted(_, _, let underlying): (underlying as? ODataClientError)?.unreachability
        default: nil
        }
    }

    /// A message naming the request (`METHOD url`) and what went wrong; never header values, so never tokens.
    public var description: String {
        switch self {
        case .insecureURL(let url):
            """
            refused plain http to \(url): use https, or allowsInsecureHTTP for a service on a trusted network \
            (a token endpoint always needs https)
            """
        case .foreignHost(let url, let request):
            "\(request): refused to follow \(url), which is not on the service's host"
        case .redirected(let status, let location, let request):
            "\(request): the service redirected (\(status)) to \(location ?? "nowhere"); redirects are not followed"
        case .authenticationFailed(let status, let reason):
            "the token endpoint refused a token (\(status))\(reason.isEmpty ? "" : ": " + reason)"
        case .invalidResponse(let error, let request): "\(request): the response is not valid OData JSON: \(error)"
        case .unexpectedResponse(let message, let request): "\(request): \(message)"
        case .unaddressable(let message): message
        case .invalidRequest(let message): message
        case .pagingInterrupted(let count, let link, let underlying):
            "paging stopped after \(count) entities, at \(link): \(underlying)"
        case .notExecuted(let request): "\(request): not executed, the batch stopped at an earlier failure"
        case .unreachable(let reason, let request):
            "\(request): \(Self.host(of: request)) is unreachable (\(reason.summary)); nothing was sent"
        case .windowsAuthenticationUnavailable(let reason, let request):
            "\(request): Windows authentication is unavailable: \(reason.summary); the password was not sent"
        }
    }

    /// A sentence for an alert: what happened, in the user's terms, with the service's host or message where
    /// there is one; no request lines or type names.
    public var errorDescription: String? {
        switch self {
        case .insecureURL(let url):
            "The server \(Self.host(of: url)) was not contacted, because the connection would not be secure (http)."
        case .foreignHost(let url, _):
            "The service pointed to another host, \(Self.host(of: url)), which the app does not contact."
        case .redirected(_, let location, _):
            if let location, let host = URL(string: location)?.host, !host.isEmpty {
                "The service redirected the request to \(host), which the app does not follow."
            } else {
                "The service redirected the request elsewhere, which the app does not follow."
            }
        case .authenticationFailed(_, let reason):
            reason.isEmpty
                ? "Sign-in failed: the service did not issue a token." : ErrorSentence.make("Sign-in failed: \(reason)")
        case .invalidResponse: "The service's response could not be read: it is not the OData data expected."
        case .unexpectedResponse(let message, _):
            ErrorSentence.make("The service's response lacks what was needed: \(message)")
        case .unaddressable(let message): ErrorSentence.make("The record cannot be addressed: \(message)")
        case .invalidRequest(let message): ErrorSentence.make("The request could not be made: \(message)")
        case .pagingInterrupted(let count, _, let underlying):
            "Reading stopped after \(count) records: \(underlying.localizedDescription)"
        case .notExecuted: "The request was not run, because an earlier request of the same batch failed."
        case .unreachable(let reason, let request):
            switch reason {
            case .offline: "The device is not connected to the internet."
            case .hostNotFound: "The server \(Self.host(of: request)) could not be found."
            case .cannotConnect: "The server \(Self.host(of: request)) cannot be reached."
            }
        case .windowsAuthenticationUnavailable(let reason, let request):
            switch reason {
            case .unsupportedPlatform:
                "The server \(Self.host(of: request)) asks for Windows sign-in, which is not available on this device."
            case .anotherUserSignedIn:
                "The app is already signed in to \(Self.host(of: request)) as another Windows user."
            }
        }
    }

    /// The host of a URL or a request line (`METHOD url`), or the text itself when it has none.
    private static func host(of text: String) -> String {
        let url = text.split(separator: " ").last.map(String.init) ?? text
        return URL(string: url)?.host ?? url
    }

    /// The error for a transport failure that means the host could not be reached; nil for any other.
    static func unreachable(_ error: any Error, request: String) -> ODataClientError? {
        guard let error = error as? URLError, let reason = Unreachability(error) else { return nil }
        return .unreachable(reason: reason, request: request)
    }
}

extension ODataClientError.Unreachability {
    /// Words for logs.
    fileprivate var summary: String {
        switch self {
        case .offline: "the device is offline"
        case .hostNotFound: "its name does not resolve"
        case .cannotConnect: "nothing accepts the connection"
        }
    }
}
