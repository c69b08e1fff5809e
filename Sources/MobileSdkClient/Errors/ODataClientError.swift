import MobileSdk

/// Why a request failed on the client's side, or what the service answered that the client cannot use. Messages
/// name the request (`METHOD url`) but never header values, so tokens never appear in them.
public enum ODataClientError: Error, Sendable, CustomStringConvertible {
    /// Plain http to a host other than this machine, without ``ODataClient/Configuration/allowsInsecureHTTP``.
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

    /// A message naming the request (`METHOD url`) and what went wrong; never header values, so never tokens.
    public var description: String {
        switch self {
        case .insecureURL(let url):
            """
            refused to send credentials over plain http to \(url); \
            use https, or allowsInsecureHTTP for a trusted network
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
        }
    }
}
