import Foundation
import ServiceAccess

/// Requests to an OAuth 2.0 token endpoint (RFC 6749 §3.2) and their answers, for ``OAuth2Authentication`` and
/// ``UserSignIn``: the grants, the client's identification and the answer's reading are the command-line tool's too
/// (ServiceAccess).
enum TokenEndpoint {
    /// What a token endpoint issued.
    struct Reply {
        var accessToken: String
        var refreshToken: String?
        /// Seconds the access token lives (3600 when the endpoint does not say).
        var lifetime: TimeInterval
        var scope: String?
    }

    /// An error the endpoint answered with: its OAuth `error` code (`invalid_grant` …) and the status.
    struct Refusal: Error {
        var status: Int
        var code: String?
        var description: String?

        var clientError: ODataClientError {
            .authenticationFailed(
                status: status,
                reason: [code, description].compactMap(\.self).joined(separator: ": ")
            )
        }
    }

    /// Asks for `grant` as `client`, for `access` (its scope and resource); throws ``Refusal`` for an error answer,
    /// ``ODataClientError`` for the rest.
    static func request(
        _ endpoint: URL,
        grant: OAuthGrant,
        client: OAuthClient,
        access: RequestedAccess = RequestedAccess(),
        transport: any HTTPTransport
    ) async throws -> Reply {
        guard CredentialRules.isSecure(endpoint) else { throw ODataClientError.insecureURL(endpoint.absoluteString) }
        let (form, headerFields) = client.tokenRequest(grant, for: access)
        var request = HTTPRequest(method: "POST", url: endpoint, body: FormEncoding.body(form))
        request[header: "Content-Type"] = "application/x-www-form-urlencoded"
        request[header: "Accept"] = "application/json"
        for field in headerFields { request[header: field.name] = field.value }
        let response: HTTPResponse
        do { response = try await transport.send(request) } catch {
            throw ODataClientError.unreachable(error, request: request.summary) ?? error
        }
        guard response.statusCode == 200 else {
            // Token endpoints answer `{"error": "invalid_grant", "error_description": "…"}`; nothing secret is echoed.
            let refusal =
                OAuthRefusal(body: response.body) ?? OAuthRefusal(challenge: response[header: "WWW-Authenticate"])
            throw Refusal(status: response.statusCode, code: refusal?.code, description: refusal?.description)
        }
        guard let tokens = try? JSONDecoder().decode(IssuedTokens.self, from: response.body) else {
            throw ODataClientError.authenticationFailed(
                status: response.statusCode,
                reason: "the token endpoint's answer has no access_token"
            )
        }
        return Reply(
            accessToken: tokens.accessToken,
            refreshToken: tokens.refreshToken,
            lifetime: tokens.expiresIn ?? 3600,
            scope: tokens.scope
        )
    }
}
