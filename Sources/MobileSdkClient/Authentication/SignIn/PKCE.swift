import Foundation

/// Proof Key for Code Exchange (RFC 7636): a random verifier kept by the app, and its S256 challenge sent with the
/// authorization request, so that an intercepted authorization code is useless without the verifier.
struct PKCE: Sendable {
    /// 43 characters of the unreserved set (32 random bytes, base64url).
    let verifier: String
    /// `BASE64URL(SHA256(verifier))`.
    let challenge: String
    static let method = "S256"

    init() {
        var generator = SystemRandomNumberGenerator()
        self.init(verifier: Self.base64URL((0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }))
    }

    init(verifier: String) {
        self.verifier = verifier
        challenge = Self.base64URL(SHA256Digest.hash(Data(verifier.utf8)))
    }

    /// Base64url without padding (RFC 7636 appendix A).
    static func base64URL(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// A random `state` value, which the redirect must carry back unchanged.
    static func state() -> String {
        var generator = SystemRandomNumberGenerator()
        return base64URL((0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }
}
