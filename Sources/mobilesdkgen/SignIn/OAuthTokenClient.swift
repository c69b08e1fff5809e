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
        let (form, headerFields) = client.request(form)
        let shown = OAuthEndpoint.shown(url)
        let response = try await downloader.post(url, form: form, headerFields: headerFields, shownURL: shown)
        switch response.status {
        case 200, 201:
            do { return .success(try JSONDecoder().decode(Success.self, from: response.body)) } catch {
                throw FetchError(
                    "the \(endpoint) \(shown) sent an answer that is not what OAuth 2.0 specifies (not shown)"
                )
            }
        case 400, 401, 403:
            if let error = OAuthRefusal(body: response.body)
                ?? OAuthRefusal(challenge: response.headerValue("WWW-Authenticate"))
            {
                return .failure(error)
            }
            throw FetchError(
                "the \(endpoint) \(shown) answered \(response.status) without an OAuth error (body not shown)"
            )
        default:
            throw FetchError(
                """
                the \(endpoint) \(shown) answered \(response.status)\(response.reason.map { " (\($0))" } ?? "") \
                (body not shown)
                """
            )
        }
    }
}
