import Foundation
import GRDB
import TestSupport
import Testing

@testable import MobileSdkOffline

/// The store's write-ahead log reaches its database file through the checkpointer, not through the commits.
@Suite struct CheckpointerTests {
    /// A database whose writer reports to a checkpointer with a threshold of `threshold` pages.
    static func database(threshold: Int32) throws -> (DatabasePool, URL) {
        let file = try Paths.temporaryDirectory().appendingPathComponent("checkpointed.sqlite")
        let checkpointer = Checkpointer(path: file.path, threshold: threshold)
        var configuration = Configuration()
        configuration.prepareDatabase { db in if !db.configuration.readonly { checkpointer.install(on: db) } }
        return (try DatabasePool(path: file.path, configuration: configuration), file)
    }

    static func fileSize(_ url: URL) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int) ?? 0
    }

    /// Writes rows of 16 KiB each, one commit apiece, `pause` apart.
    static func write(_ count: Int, into pool: DatabasePool, pause: Duration = .zero) async throws {
        try await pool.write { try $0.execute(sql: "CREATE TABLE t (x BLOB)") }
        for _ in 0..<count {
            try await pool.write { try $0.execute(sql: "INSERT INTO t VALUES (zeroblob(16384))") }
            if pause > .zero { try await Task.sleep(for: pause) }
        }
    }

    /// Rows written by commits past the threshold reach the file, and the log starts over, though the commits follow
    /// one another as a download's do.
    @Test func aLogPastTheThresholdIsCopiedIntoTheFile() async throws {
        let (pool, file) = try Self.database(threshold: 8)
        try await Self.write(80, into: pool, pause: .milliseconds(5))
        // Only a checkpoint writes rows to the database file itself; SQLite's own would wait for 1,000 pages.
        let deadline = ContinuousClock.now + .seconds(10)
        while Self.fileSize(file) < 60 * 16_384, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(Self.fileSize(file) >= 60 * 16_384)
        // Without a new start the log would hold every row written.
        #expect(Self.fileSize(URL(fileURLWithPath: file.path + "-wal")) < 40 * 16_384)
        #expect(try await pool.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM t") } == 80)
    }

    @Test func aLogBelowTheThresholdStaysInTheLog() async throws {
        let (pool, file) = try Self.database(threshold: 1_000)
        try await Self.write(40, into: pool)
        try await Task.sleep(for: .milliseconds(200))
        #expect(Self.fileSize(file) < 40 * 16_384)
        #expect(Self.fileSize(URL(fileURLWithPath: file.path + "-wal")) >= 40 * 16_384)
    }
}
