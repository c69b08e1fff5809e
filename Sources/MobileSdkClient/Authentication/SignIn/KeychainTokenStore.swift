#if canImport(Security)
import Foundation
import MobileSdk
import Security

/// Tokens in the keychain, as one generic-password item of `service` and `account`, readable only on this device
/// after its first unlock (`kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly`), so that background refreshes work and
/// the tokens never go to another device through a backup.
public struct KeychainTokenStore: TokenStore {
    /// The item's `kSecAttrService`, such as the app's bundle identifier.
    public let service: String
    /// The item's `kSecAttrAccount`: `default` unless given; another value keeps another sign-in's tokens apart.
    public let account: String
    /// A keychain access group shared with app extensions; nil for the app's own.
    public let accessGroup: String?

    /// Creates a store for the item of `service` and `account`, in the keychain access group `accessGroup` when
    /// given. Nothing is read or written until asked.
    public init(service: String, account: String = "default", accessGroup: String? = nil) {
        self.service = service
        self.account = account
        self.accessGroup = accessGroup
    }

    private var query: [String: Any] {
        var query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service,
            kSecAttrAccount as String: account,
        ]
        if let accessGroup { query[kSecAttrAccessGroup as String] = accessGroup }
        return query
    }

    /// The stored tokens; nil when there is no item. Throws ``KeychainError`` when the keychain refuses, and a
    /// decoding error when the item does not hold tokens.
    public func load() async throws -> SignInTokens? {
        var search = query
        search[kSecReturnData as String] = true
        search[kSecMatchLimit as String] = kSecMatchLimitOne
        var result: CFTypeRef?
        let status = SecItemCopyMatching(search as CFDictionary, &result)
        if status == errSecItemNotFound { return nil }
        guard status == errSecSuccess, let data = result as? Data else { throw KeychainError(status: status) }
        return try JSONDecoder.tokens.decode(SignInTokens.self, from: data)
    }

    /// Stores `tokens` as JSON, updating the item or adding it, readable only on this device, after its first unlock.
    /// Throws ``KeychainError`` when the keychain refuses.
    public func save(_ tokens: SignInTokens) async throws {
        let data = try JSONEncoder.tokens.encode(tokens)
        let attributes: [String: Any] = [
            kSecValueData as String: data,
            kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly,
        ]
        var status = SecItemUpdate(query as CFDictionary, attributes as CFDictionary)
        if status == errSecItemNotFound { status = SecItemAdd(query.merging(attributes) { $1 } as CFDictionary, nil) }
        guard status == errSecSuccess else { throw KeychainError(status: status) }
    }

    /// Deletes the item; nothing happens when there is none. Throws ``KeychainError`` when the keychain refuses.
    public func remove() async throws {
        let status = SecItemDelete(query as CFDictionary)
        guard status == errSecSuccess || status == errSecItemNotFound else { throw KeychainError(status: status) }
    }
}

/// A keychain call failed with this `OSStatus`.
public struct KeychainError: Error, Sendable, CustomStringConvertible, LocalizedError {
    /// The `OSStatus` the keychain call returned, such as `errSecInteractionNotAllowed` before the first unlock.
    public let status: OSStatus

    /// The system's message for ``status`` (or the number itself); never the item's contents.
    public var description: String {
        let message = SecCopyErrorMessageString(status, nil) as String? ?? "OSStatus \(status)"
        return "the keychain refused: \(message)"
    }

    /// The same, as a sentence for an alert.
    public var errorDescription: String? { ErrorSentence.make(description) }
}
#endif
