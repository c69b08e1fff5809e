import Foundation

/// How an app or tool identifies itself to an authorization server's endpoints: a confidential client with HTTP Basic,
/// its id and secret form-encoded first (RFC 6749 §2.3.1, which every server must accept), a public client by naming
/// itself in the form.
package enum OAuthClient: Sendable {
    /// A client with a secret: its id and secret go in an `Authorization: Basic` header.
    case confidential(id: String, secret: String)
    /// A client without a secret: its id goes in the form as `client_id`.
    case publicClient(id: String)

    /// The form (`fields`, then the client's id for a public client) and header fields of a request to an endpoint.
    package func request(_ fields: [(name: String, value: String)]) -> (
        form: [(name: String, value: String)], headerFields: [(name: String, value: String)]
    ) {
        switch self {
        case .confidential(let id, let secret):
            let credentials = FormEncoding.escape(id) + ":" + FormEncoding.escape(secret)
            return (fields, [("Authorization", "Basic " + Data(credentials.utf8).base64EncodedString())])
        case .publicClient(let id): return (fields + [("client_id", id)], [])
        }
    }

    /// The body and every header field of a POST of `fields` to an endpoint: the form with the client's
    /// identification, form-encoded, asking for JSON.
    package func formPost(_ fields: [(name: String, value: String)]) -> (
        body: Data, headerFields: [(name: String, value: String)]
    ) {
        let (form, headerFields) = request(fields)
        let fixed = [("Content-Type", "application/x-www-form-urlencoded"), ("Accept", "application/json")]
        return (FormEncoding.body(form), fixed + headerFields)
    }
}
