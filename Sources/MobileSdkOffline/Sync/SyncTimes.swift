import Foundation
import GRDB

/// When the store's last download and last upload succeeded, kept in the store so that an app shows them after a
/// restart (and an extension reading the same file sees them too).
struct SyncTimes: Sendable, Hashable {
    var download: Date?
    var upload: Date?

    private static let table = "\"\(StoreDatabase.Tables.sync)\""

    /// The times kept in the store.
    static func load(_ db: Database) throws -> SyncTimes {
        var times = SyncTimes()
        for row in try Row.fetchAll(db, sql: "SELECT operation, succeeded_at FROM \(table)") {
            let date = Date(timeIntervalSinceReferenceDate: row["succeeded_at"])
            switch SyncFailure.Operation(rawValue: row["operation"]) {
            case .download: times.download = date
            case .upload: times.upload = date
            case nil: continue
            }
        }
        return times
    }

    /// Keeps `date` as the time `operation` last succeeded.
    static func record(_ operation: SyncFailure.Operation, at date: Date, _ db: Database) throws {
        try db.execute(
            sql: "INSERT INTO \(table) (operation, succeeded_at) VALUES (?, ?) "
                + "ON CONFLICT(operation) DO UPDATE SET succeeded_at = excluded.succeeded_at",
            arguments: [operation.rawValue, date.timeIntervalSinceReferenceDate]
        )
    }
}
