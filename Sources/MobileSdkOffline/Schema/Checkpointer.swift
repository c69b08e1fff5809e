import Foundation
import GRDB

#if canImport(GRDBSQLite)
import GRDBSQLite
#elseif canImport(SQLite3)
import SQLite3
#endif

/// Copies a store's write-ahead log into its database file on a queue of its own, so that writes do not wait for it.
/// SQLite would otherwise copy it inside the commit that grows the log past ``threshold`` pages: a pause of some
/// 30 ms in the middle of a download here, while the page being read waits. The writer's commits report the log's
/// size through `sqlite3_wal_hook`, which takes the place of SQLite's own automatic checkpoints; the copy is a
/// passive checkpoint on a connection of the checkpointer's own, which never blocks readers or the writer.
///
/// SQLite starts the log over only when a write begins with all of it copied, which a download's stream of commits
/// may never leave time for. So a commit that finds the log at twice the threshold copies what is left itself (little,
/// the checkpointer having copied the rest), and the next write starts the log over: it stays near that size.
final class Checkpointer: @unchecked Sendable {
    /// The log's size in pages from which a commit has it copied: SQLite's default for its automatic checkpoints.
    let threshold: Int32
    private let path: String
    private let queue = DispatchQueue(label: "MobileSdkOffline.checkpoint", qos: .utility)
    private let lock = NSLock()
    /// Whether a checkpoint is waiting on the queue (commits meanwhile add nothing to do).
    private var isScheduled = false
    /// Used on the queue only.
    private var connection: OpaquePointer?

    init(path: String, threshold: Int32 = 1_000) {
        self.path = path
        self.threshold = threshold
    }

    deinit { sqlite3_close_v2(connection) }

    /// Has the writer's connection `db` report the log's size after each commit. The connection's configuration
    /// keeps the checkpointer alive for as long as the connection lives.
    func install(on db: Database) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        sqlite3_wal_hook(
            db.sqliteConnection,
            { context, connection, _, pages in
                guard let context else { return SQLITE_OK }
                let checkpointer = Unmanaged<Checkpointer>.fromOpaque(context).takeUnretainedValue()
                if pages >= 2 * checkpointer.threshold {
                    // What SQLite's automatic checkpoint does in the commit.
                    sqlite3_wal_checkpoint_v2(connection, nil, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
                } else if pages >= checkpointer.threshold {
                    checkpointer.schedule()
                }
                return SQLITE_OK
            },
            context
        )
    }

    private func schedule() {
        lock.lock()
        defer { lock.unlock() }
        guard !isScheduled else { return }
        isScheduled = true
        queue.async { self.run() }
    }

    /// Copies what the log holds. A failure leaves the log as it is: the next commit past the threshold, or the
    /// last connection's close, copies it.
    private func run() {
        lock.lock()
        isScheduled = false
        lock.unlock()
        if connection == nil {
            var opened: OpaquePointer?
            guard sqlite3_open_v2(path, &opened, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK else {
                sqlite3_close_v2(opened)
                return
            }
            // A connection reads the file's header, and learns it is in WAL mode, with its first statement.
            guard sqlite3_exec(opened, "SELECT 1 FROM sqlite_master LIMIT 1", nil, nil, nil) == SQLITE_OK else {
                sqlite3_close_v2(opened)
                return
            }
            connection = opened
        }
        sqlite3_wal_checkpoint_v2(connection, nil, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
    }
}
