import Foundation

/// A token endpoint's successful answer (RFC 6749 §5.1).
package struct IssuedTokens: Decodable, Sendable, Equatable {
    /// The `access_token`, sent to resources as a bearer token.
    package var accessToken: String
    /// The `token_type`, usually `Bearer`; nil when the server left it out.
    package var tokenType: String?
    /// Seconds the access token lives, when the server says.
    package var expiresIn: Double?
    /// The `refresh_token`; nil when none was issued. Servers that rotate them send a new one each time.
    package var refreshToken: String?
    /// The `scope` granted, space-separated; nil when the server left it out (it then matches the scope asked for).
    package var scope: String?

    private enum CodingKeys: String, CodingKey {
        case accessToken = "access_token"
        case tokenType = "token_type"
        case expiresIn = "expires_in"
        case refreshToken = "refresh_token"
        case scope
    }

    /// Decodes the JSON answer; `expires_in` may be a number or a string. Throws when `access_token` is missing.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        accessToken = try container.decode(String.self, forKey: .accessToken)
        tokenType = try container.decodeIfPresent(String.self, forKey: .tokenType)
        expiresIn = container.seconds(.expiresIn)
        refreshToken = try container.decodeIfPresent(String.self, forKey: .refreshToken)
        scope = try container.decodeIfPresent(String.self, forKey: .scope)
    }
}

extension KeyedDecodingContainer {
    /// A number of seconds sent as a JSON number or, as some servers do, a string.
    package func seconds(_ key: Key) -> Double? {
        if let number = try? decodeIfPresent(Double.self, forKey: key) { return number }
        return (try? decodeIfPresent(String.self, forKey: key)).flatMap { $0.flatMap(Double.init) }
    }
}
