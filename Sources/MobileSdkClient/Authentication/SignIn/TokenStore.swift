import Foundation

/// The tokens of a signed-in user, as a ``TokenStore`` keeps them between launches.
public struct SignInTokens: Codable, Sendable, Equatable {
    public var accessToken: String
    /// The token that gets new access tokens without the user; rotated by many services on each use.
    public var refreshToken: String?
    /// When ``accessToken`` stops being accepted.
    public var expiresAt: Date
    /// The scopes granted, as the token endpoint named them.
    public var scope: String?

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
/// atomically: for desktop and command-line tools, and for platforms without a keychain.
public struct FileTokenStore: TokenStore {
    public let file: URL

    public init(file: URL) {
        self.file = file
    }

    public func load() async throws -> SignInTokens? {
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        let permissions = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? NSNumber
        if let permissions, permissions.intValue & 0o077 != 0 {
            throw ODataClientError.invalidRequest("the token file \(file.path) can be read by others; remove it or make it owner-only (0600)")
        }
        return try JSONDecoder.tokens.decode(SignInTokens.self, from: Data(contentsOf: file))
    }

    public func save(_ tokens: SignInTokens) async throws {
        let folder = file.deletingLastPathComponent()
        if !FileManager.default.fileExists(atPath: folder.path) {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        // Written under a temporary name created owner-only, then renamed: never readable by others, never half-written.
        let temporary = folder.appendingPathComponent("." + file.lastPathComponent + "." + UUID().uuidString)
        guard FileManager.default.createFile(atPath: temporary.path, contents: try JSONEncoder.tokens.encode(tokens),
                                             attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary.path])
        }
        guard rename(temporary.path, file.path) == 0 else {
            let failure = errno
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path,
                                                           NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(failure))])
        }
    }

    public func remove() async throws {
        if FileManager.default.fileExists(atPath: file.path) { try FileManager.default.removeItem(at: file) }
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
