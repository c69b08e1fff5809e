import Foundation
import ServiceAccess

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
        case deviceCode = "device_code"
        case userCode = "user_code"
        case verificationURI = "verification_uri"
        case verificationURL = "verification_url"  // Azure AD v1's spelling
        case verificationURIComplete = "verification_uri_complete"
        case expiresIn = "expires_in"
        case interval
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        deviceCode = try container.decode(String.self, forKey: .deviceCode)
        userCode = try container.decode(String.self, forKey: .userCode)
        verificationURI =
            try container.decodeIfPresent(String.self, forKey: .verificationURI)
            ?? container.decode(String.self, forKey: .verificationURL)
        verificationURIComplete = try container.decodeIfPresent(String.self, forKey: .verificationURIComplete)
        guard let expiresIn = container.seconds(.expiresIn) else {
            throw DecodingError.keyNotFound(CodingKeys.expiresIn, .init(codingPath: [], debugDescription: "expires_in"))
        }
        self.expiresIn = expiresIn
        interval = container.seconds(.interval) ?? 5
    }
}
