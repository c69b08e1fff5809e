import Foundation
import ServiceAccess

/// Form POSTs to an OAuth 2.0 authorization server's endpoints, answered with JSON (RFC 6749 §5), the client
/// identifying itself as `OAuthClient` says. Nothing here prints a body, code, token or secret.
struct OAuthTokenClient {
    /// What an endpoint answered: the expected body, or an OAuth error.
    enum Outcome<Success> {
        case success(Success)
        case failure(OAuthRefusal)
    }

    var client: OAuthClient
    var downloader: MetadataDownloader

    /// POSTs `form` to `url` and decodes a 200's body as `Success`; 400 and 401 come back as the OAuth error.
    func post<Success: Decodable>(
        _ url: URL,
        form: [(name: String, value: String)],
        as _: Success.Type,
        endpoint: String
    ) async throws -> Outcome<Success> {
        guard OAuthEndpoint.problem(with: url) == nil else {
            throw FetchError("the \(endpoint) must use https (plain http only on this machine)")
        }
        let (body, headerFields) = client.formPost(form)
        let shown = OAuthEndpoint.shown(url)
        let response = try await downloader.post(url, body: body, headerFields: headerFields, shownURL: shown)
        switch OAuthAnswer<Success>(
            status: response.status,
            body: response.body,
            challenge: response.headerValue("WWW-Authenticate")
        ) {
        case .success(let success): return .success(success)
        case .refused(let refusal): return .failure(refusal)
        case .unreadable:
            throw FetchError("the \(endpoint) \(shown) sent an answer that is not what OAuth 2.0 specifies (not shown)")
        case .unexpected(let status) where [400, 401, 403].contains(status):
            throw FetchError("the \(endpoint) \(shown) answered \(status) without an OAuth error (body not shown)")
        case .unexpected(let status):
            throw FetchError(
                "the \(endpoint) \(shown) answered \(status)\(response.reason.map { " (\($0))" } ?? "") (body not shown)"
            )
        }
    }
}
