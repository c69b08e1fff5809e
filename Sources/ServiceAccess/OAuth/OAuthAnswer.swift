import Foundation

/// What an OAuth 2.0 endpoint answered (RFC 6749 §5), read by the one rule the client and the command line share:
/// a 200 or 201 carries the JSON the request asks for; a 400, 401 or 403 an OAuth error, in the body or, where the
/// body was lost, in the `WWW-Authenticate` challenge; anything else is unexpected.
package enum OAuthAnswer<Success: Decodable> {
    /// The endpoint's answer, decoded.
    case success(Success)
    /// An OAuth error (`invalid_grant`, `authorization_pending`…).
    case refused(OAuthRefusal)
    /// A success whose body is not the JSON the request asks for.
    case unreadable(status: Int)
    /// Any other status, or an error status without an OAuth error; never the body, which may echo a secret.
    case unexpected(status: Int)

    /// Reads an answer: its status, body and `WWW-Authenticate` header field.
    package init(status: Int, body: Data, challenge: String?) {
        switch status {
        case 200, 201:
            if let success = try? JSONDecoder().decode(Success.self, from: body) {
                self = .success(success)
            } else {
                self = .unreadable(status: status)
            }
        case 400, 401, 403:
            if let refusal = OAuthRefusal(body: body) ?? OAuthRefusal(challenge: challenge) {
                self = .refused(refusal)
            } else {
                self = .unexpected(status: status)
            }
        default: self = .unexpected(status: status)
        }
    }
}
