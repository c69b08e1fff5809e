import Foundation
import ServiceAccess

/// The tokens of a signed-in user, as a ``TokenStore`` keeps them between launches.
public struct SignInTokens: Codable, Sendable, Equatable {
    /// The access token, sent as `Authorization: Bearer …` until ``expiresAt``.
    public var accessToken: String
    /// The token that gets new access tokens without the user; rotated by many services on each use.
    public var refreshToken: String?
    /// When ``accessToken`` stops being accepted.
    public var expiresAt: Date
    /// The scopes granted, as the token endpoint named them.
    public var scope: String?

    /// Creates tokens from an access token, the refresh token (nil when none was issued), the time the access
    /// token expires, and the granted scopes.
    public init(accessToken: String, refreshToken: String?, expiresAt: Date, scope: String?) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt
        self.scope = scope
    }
}

/// Where a signed-in user's tokens live between launches, so that a rotated refresh token survives a restart:
/// `KeychainTokenStore` on Apple platforms, ``FileTokenStore`` elsewhere, your own (an app group's keychain, say)
/// by conforming.
public protocol TokenStore: Sendable {
    /// The stored tokens; nil when nobody is signed in.
    func load() async throws -> SignInTokens?
    /// Replaces the stored tokens.
    func save(_ tokens: SignInTokens) async throws
    /// Forgets the tokens (sign-out).
    func remove() async throws
}

/// Tokens in a JSON file only its owner can read or write (mode 0600, in a folder of mode 0700 it creates), written
/// atomically and synced: for desktop and command-line tools, and for platforms without a keychain. A file others can
/// read, of another user, or reached through a symbolic link is refused, not read.
public struct FileTokenStore: TokenStore {
    /// The JSON file the tokens are kept in.
    public let file: URL

    /// Creates a store that keeps the tokens in `file`. Nothing is read or written until asked.
    public init(file: URL) { self.file = file }

    /// The stored tokens; throws ``ODataClientError/invalidRequest(_:)`` for a file it will not trust or cannot read.
    public func load() async throws -> SignInTokens? {
        guard let data = try Self.checked({ try OwnerOnlyFile(file).read() }) else { return nil }
        return try JSONDecoder.tokens.decode(SignInTokens.self, from: data)
    }

    /// Replaces the file with `tokens` as JSON: a new file of mode 0600, synced, then renamed over the old one, in
    /// a folder of mode 0700 (created when missing). Throws ``ODataClientError/invalidRequest(_:)`` when it cannot.
    public func save(_ tokens: SignInTokens) async throws {
        let data = try JSONEncoder.tokens.encode(tokens)
        try Self.checked { try OwnerOnlyFile(file).write(data) }
    }

    /// Deletes the file; nothing happens when there is none. Throws ``ODataClientError/invalidRequest(_:)`` when it
    /// cannot.
    public func remove() async throws { try Self.checked { try OwnerOnlyFile(file).remove() } }

    /// The file's failures as the client's errors, which name the file and never its contents.
    private static func checked<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let failure as OwnerOnlyFile.Failure {
            throw ODataClientError.invalidRequest("the token file: \(failure)")
        }
    }
}

extension JSONEncoder {
    static var tokens: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }
}

extension JSONDecoder {
    static var tokens: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
