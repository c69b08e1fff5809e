import Foundation

/// How Apple's Data Protection keeps the store's files — the database, its write-ahead log and the cached streams —
/// encrypted at rest with a key tied to the device's passcode, and so when the app can read and write them. Only iOS,
/// iPadOS, tvOS, watchOS and visionOS apply it; macOS and Linux leave the files to the disk's own encryption.
public enum StoreFileProtection: Sendable, Hashable {
    /// Readable and writable only while the device is unlocked: the strongest class, but a sync in the background
    /// while the device is locked fails, and so does any read of the store then.
    case complete
    /// Files open when the device locks stay usable until closed, and new files can be created while locked: a sync
    /// started while unlocked finishes, but a store opened while the device is locked cannot read its database.
    case completeUnlessOpen
    /// Readable and writable from the first unlock after a restart until the next restart: background sync and a
    /// widget's reads work while the device is locked. The default.
    case completeUntilFirstUserAuthentication

    #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
    /// The file attribute this class sets.
    var fileProtectionType: FileProtectionType {
        switch self {
        case .complete: .complete
        case .completeUnlessOpen: .completeUnlessOpen
        case .completeUntilFirstUserAuthentication: .completeUntilFirstUserAuthentication
        }
    }
    #endif

    /// Gives the items at `paths` (those that exist) this class, where the platform has Data Protection.
    func apply(to paths: [String]) {
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
        for path in paths where FileManager.default.fileExists(atPath: path) {
            try? FileManager.default.setAttributes([.protectionKey: fileProtectionType], ofItemAtPath: path)
        }
        #endif
    }
}
