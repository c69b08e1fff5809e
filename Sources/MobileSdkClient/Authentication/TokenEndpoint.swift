import Foundation
import ServiceAccess

/// Requests to an OAuth 2.0 token endpoint (RFC 6749 §3.2) and their answers, for ``OAuth2Authentication`` and
/// ``UserSignIn``.
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
            .authenticationFailed(status: status, reason: [code, description].compactMap(\.self).joined(separator: ": "))
        }
    }

    /// POSTs the form; throws ``Refusal`` for an error answer, ``ODataClientError`` for the rest.
    static func request(_ endpoint: URL, form: [(String, String)], transport: any HTTPTransport) async throws -> Reply {
        guard ServiceRoot.isSecure(endpoint) else { throw ODataClientError.insecureURL(endpoint.absoluteString) }
        var request = HTTPRequest(method: "POST", url: endpoint, body: FormEncoding.body(form.map { (name: $0.0, value: $0.1) }))
        request[header: "Content-Type"] = "application/x-www-form-urlencoded"
        request[header: "Accept"] = "application/json"
        let response = try await transport.send(request)
        let reply = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any]
        guard response.statusCode == 200 else {
            // Token endpoints answer `{"error": "invalid_grant", "error_description": "…"}`; nothing secret is echoed.
            throw Refusal(status: response.statusCode, code: reply?["error"] as? String, description: reply?["error_description"] as? String)
        }
        guard let reply, let token = reply["access_token"] as? String else {
            throw ODataClientError.authenticationFailed(status: response.statusCode, reason: "the token endpoint's answer has no access_token")
        }
        let lifetime = (reply["expires_in"] as? NSNumber)?.doubleValue ?? Double(reply["expires_in"] as? String ?? "") ?? 3600
        return Reply(accessToken: token, refreshToken: reply["refresh_token"] as? String, lifetime: lifetime, scope: reply["scope"] as? String)
    }
}
