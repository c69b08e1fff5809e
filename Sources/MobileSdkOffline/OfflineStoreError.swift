import Foundation
import GRDB
import MobileSdk

/// What the offline store reports when it cannot do what was asked.
public enum OfflineStoreError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// The file is not an offline store, or not one this version reads: another application's database, a store
    /// of a later format, or damaged bytes. Nothing was changed in it.
    case notAStore(path: String, reason: String)
    /// The store's contents contradict its own schema (a value of the wrong type in a column).
    case corruptStore(String)
    /// A value cannot be stored in its property's column.
    case invalidValue(String)
    /// A query uses something the store cannot evaluate locally; the message names it.
    case unsupportedQuery(String)
    /// The store has no table for this class: no defining query reads it and it was not listed when opening.
    case unknownType(String)
    /// The entity has no key, and the store cannot give it one.
    case missingKey(String)
    /// The generated model changed in a way a migration cannot follow (a column's type changed), and requests are
    /// waiting to be uploaded; upload them with the model they were made with first, or discard them.
    case modelChangedWithPendingRequests(String)
    /// The store keeps no such record.
    case notFound(String)
    /// What was asked needs the service: operations, singletons.
    case unsupportedOffline(String)
    /// A change of the record was sent and its answer not seen: it cannot be undone until an upload settles it.
    case requestInFlight(String)
    /// The store was opened without a service (no client), so it cannot download or upload.
    case noClient
    /// The device has no room left for the store (or the file may not grow); the change was not made.
    case storageFull(String)
    /// SQLite failed: the file is read-only, locked too long, or another error; the message is SQLite's.
    case database(String)

    /// The error in a sentence.
    public var description: String {
        switch self {
        case .notAStore(let path, let reason): "\(path) is not an offline store: \(reason)"
        case .corruptStore(let message): "the offline store is damaged: \(message)"
        case .invalidValue(let message): message
        case .unsupportedQuery(let message): "the offline store cannot evaluate this query: \(message)"
        case .unknownType(let name): "the offline store keeps no records of \(name)"
        case .missingKey(let message): message
        case .modelChangedWithPendingRequests(let message): message
        case .notFound(let message): message
        case .unsupportedOffline(let message): message
        case .requestInFlight(let message): message
        case .noClient: "the offline store was opened without a service: it cannot download or upload"
        case .storageFull(let message):
            "the device has no room left for the offline store (\(message)); the change was not made"
        case .database(let message): "the offline store's database failed: \(message)"
        }
    }

    /// A sentence for an alert, in the user's terms where the developer's message would not help them.
    public var errorDescription: String? {
        switch self {
        case .notAStore: "The app's local data file cannot be read; it is not one of the app's stores."
        case .corruptStore: "The app's local data is damaged."
        case .noClient: "The local data cannot be synchronized, because no service is configured."
        case .storageFull: "The device has no room left for the app's data; the change was not saved."
        case .unknownType(let name): "The app keeps no local records of \(name)."
        case .unsupportedQuery, .database: ErrorSentence.make(description)
        case .invalidValue(let message), .missingKey(let message), .modelChangedWithPendingRequests(let message),
            .notFound(let message), .unsupportedOffline(let message), .requestInFlight(let message):
            ErrorSentence.make(message.isEmpty ? "The offline store cannot do this." : message)
        }
    }
}

extension OfflineStoreError {
    /// The store's error for an SQLite error.
    init(_ error: DatabaseError) {
        let message = error.message ?? "\(error)"
        switch error.resultCode {
        case .SQLITE_FULL: self = .storageFull(message)
        case .SQLITE_IOERR where error.extendedResultCode == .SQLITE_IOERR_WRITE: self = .storageFull(message)
        case .SQLITE_CORRUPT, .SQLITE_NOTADB: self = .corruptStore(message)
        default: self = .database(message)
        }
    }

    /// `error` as the store reports it: itself, or the store's error for an SQLite error.
    static func of(_ error: any Error) -> OfflineStoreError {
        switch error {
        case let error as OfflineStoreError: error
        case let error as DatabaseError: OfflineStoreError(error)
        default: .database("\(error)")
        }
    }
}
