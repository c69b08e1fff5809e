import Foundation
import ServiceAccess

/// Form POSTs to an OAuth 2.0 authorization server's endpoints, answered with JSON (RFC 6749 §5). A confidential
/// client authenticates with HTTP Basic, its id and secret form-encoded first (§2.3.1: what Authlib and Microsoft
/// Entra ID decode); a public client names itself in the form. Nothing here prints a body, code, token or secret.
struct OAuthTokenClient {
    /// How the client authenticates to the endpoints.
    enum Client {
        case confidential(id: String, secret: String)
        case publicClient(id: String)
    }

    /// What an endpoint answered: the expected body, or an OAuth error.
    enum Outcome<Success> {
        case success(Success)
        case failure(OAuthError)
    }

    var client: Client
    var downloader: MetadataDownloader

    /// POSTs `form` to `url` and decodes a 200's body as `Success`; 400 and 401 come back as the OAuth error.
    func post<Success: Decodable>(_ url: URL, form: [(name: String, value: String)], as _: Success.Type,
                                  endpoint: String) async throws -> Outcome<Success> {
        guard OAuthEndpoint.problem(with: url) == nil else {
            throw FetchError("the \(endpoint) must use https (plain http only on this machine)")
        }
        var form = form
        var headerFields: [(name: String, value: String)] = []
        switch client {
        case .confidential(let id, let secret):
            let credentials = FormEncoding.escape(id) + ":" + FormEncoding.escape(secret)
            headerFields.append((name: "Authorization", value: "Basic " + Data(credentials.utf8).base64EncodedString()))
        case .publicClient(let id):
            form.append((name: "client_id", value: id))
        }
        let shown = OAuthEndpoint.shown(url)
        let response = try await downloader.post(url, form: form, headerFields: headerFields, shownURL: shown)
        switch response.status {
        case 200, 201:
            do {
                return .success(try JSONDecoder().decode(Success.self, from: response.body))
            } catch {
                throw FetchError("the \(endpoint) \(shown) sent an answer that is not what OAuth 2.0 specifies (not shown)")
            }
        case 400, 401, 403:
            if let error = OAuthError(body: response.body) ?? OAuthError(challenge: response.headerValue("WWW-Authenticate")) {
                return .failure(error)
            }
            throw FetchError("the \(endpoint) \(shown) answered \(response.status) without an OAuth error (body not shown)")
        default:
            throw FetchError("""
                the \(endpoint) \(shown) answered \(response.status)\(response.reason.map { " (\($0))" } ?? "") \
                (body not shown)
                """)
        }
    }
}

/// The `error` and `error_description` of a refused OAuth request (RFC 6749 §5.2), cleaned for a terminal.
struct OAuthError: Error {
    let code: String
    let description: String?

    /// From a JSON error body.
    init?(body: Data) {
        struct Body: Decodable {
            var error: String
            var error_description: String?
        }
        guard let body = try? JSONDecoder().decode(Body.self, from: body) else { return nil }
        self.init(code: body.error, description: body.error_description)
    }

    /// From a `WWW-Authenticate` challenge's `error` and `error_description` parameters (when the body was lost).
    init?(challenge: String?) {
        guard let challenge else { return nil }
        func parameter(_ name: String) -> String? {
            guard let start = challenge.range(of: name + "=\"") else { return nil }
            let rest = challenge[start.upperBound...]
            return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
        }
        guard let code = parameter("error") else { return nil }
        self.init(code: code, description: parameter("error_description"))
    }

    init(code: String, description: String?) {
        self.code = Self.clean(code, limit: 60)
        self.description = description.map { Self.clean($0, limit: 400) }.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// `code` or `code: description`.
    var shown: String {
        description.map { "\(code): \($0)" } ?? code
    }

    /// Printable characters only, at most `limit` of them.
    private static func clean(_ text: String, limit: Int) -> String {
        let printable = String(text.unicodeScalars.filter { !$0.properties.generalCategory.isControl }.map(Character.init))
        let trimmed = printable.trimmingCharacters(in: .whitespaces)
        return trimmed.count > limit ? trimmed.prefix(limit) + "…" : trimmed
    }
}

private extension Unicode.GeneralCategory {
    var isControl: Bool {
        switch self {
        case .control, .format, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }
}
