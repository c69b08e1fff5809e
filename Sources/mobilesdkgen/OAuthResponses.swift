import Foundation

/// A token endpoint's successful answer (RFC 6749 §5.1).
struct TokenResponse: Decodable {
    var accessToken: String
    var tokenType: String?
    /// Seconds the access token lives, when the server says.
    var expiresIn: Double?
    var refreshToken: String?

    private enum CodingKeys: String, CodingKey {
        case accessToken = "access_token", tokenType = "token_type", expiresIn = "expires_in", refreshToken = "refresh_token"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        accessToken = try container.decode(String.self, forKey: .accessToken)
        tokenType = try container.decodeIfPresent(String.self, forKey: .tokenType)
        expiresIn = container.seconds(.expiresIn)
        refreshToken = try container.decodeIfPresent(String.self, forKey: .refreshToken)
    }
}

/// A device authorization endpoint's answer (RFC 8628 §3.2).
struct DeviceAuthorizationResponse: Decodable {
    var deviceCode: String
    var userCode: String
    var verificationURI: String
    var verificationURIComplete: String?
    var expiresIn: Double
    /// Seconds to wait between polls; 5 when absent.
    var interval: Double

    private enum CodingKeys: String, CodingKey {
        case deviceCode = "device_code", userCode = "user_code", verificationURI = "verification_uri"
        case verificationURL = "verification_url"   // Azure AD v1's spelling
        case verificationURIComplete = "verification_uri_complete", expiresIn = "expires_in", interval
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        deviceCode = try container.decode(String.self, forKey: .deviceCode)
        userCode = try container.decode(String.self, forKey: .userCode)
        verificationURI = try container.decodeIfPresent(String.self, forKey: .verificationURI)
            ?? container.decode(String.self, forKey: .verificationURL)
        verificationURIComplete = try container.decodeIfPresent(String.self, forKey: .verificationURIComplete)
        guard let expiresIn = container.seconds(.expiresIn) else {
            throw DecodingError.keyNotFound(CodingKeys.expiresIn, .init(codingPath: [], debugDescription: "expires_in"))
        }
        self.expiresIn = expiresIn
        interval = container.seconds(.interval) ?? 5
    }
}

extension KeyedDecodingContainer {
    /// A number of seconds sent as a JSON number or, as some servers do, a string.
    func seconds(_ key: Key) -> Double? {
        if let number = try? decodeIfPresent(Double.self, forKey: key) { return number }
        return (try? decodeIfPresent(String.self, forKey: key)).flatMap { $0.flatMap(Double.init) }
    }
}
