import Foundation

/// A token endpoint's successful answer (RFC 6749 §5.1).
public struct IssuedTokens: Decodable, Sendable, Equatable {
    public var accessToken: String
    public var tokenType: String?
    /// Seconds the access token lives, when the server says.
    public var expiresIn: Double?
    public var refreshToken: String?
    public var scope: String?

    private enum CodingKeys: String, CodingKey {
        case accessToken = "access_token"
        case tokenType = "token_type"
        case expiresIn = "expires_in"
        case refreshToken = "refresh_token"
        case scope
    }

    public init(from decoder: any Decoder) throws {
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
    public func seconds(_ key: Key) -> Double? {
        if let number = try? decodeIfPresent(Double.self, forKey: key) { return number }
        return (try? decodeIfPresent(String.self, forKey: key)).flatMap { $0.flatMap(Double.init) }
    }
}
