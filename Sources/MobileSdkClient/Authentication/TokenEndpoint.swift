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
        let (body, headerFields) = client.formPost(access.tokenForm(grant))
        var request = HTTPRequest(method: "POST", url: endpoint, body: body)
        for field in headerFields { request[header: field.name] = field.value }
        let response: HTTPResponse
        do { response = try await transport.send(request) } catch {
            throw ODataClientError.unreachable(error, request: request.summary) ?? error
        }
        let tokens: IssuedTokens
        switch OAuthAnswer<IssuedTokens>(
            status: response.statusCode,
            body: response.body,
            challenge: response[header: "WWW-Authenticate"]
        ) {
        case .success(let issued): tokens = issued
        case .refused(let refusal):
            throw Refusal(status: response.statusCode, code: refusal.code, description: refusal.description)
        case .unreadable(let status):
            throw ODataClientError.authenticationFailed(
                status: status,
                reason: "the token endpoint's answer has no access_token"
            )
        case .unexpected(let status): throw Refusal(status: status, code: nil, description: nil)
        }
        return Reply(
            accessToken: tokens.accessToken,
            refreshToken: tokens.refreshToken,
            lifetime: tokens.expiresIn ?? 3600,
            scope: tokens.scope
        )
    }
}
