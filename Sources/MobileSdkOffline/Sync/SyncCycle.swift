import Foundation

/// What one ``OfflineStore/sync(within:conflicts:)`` did.
public struct SyncReport: Sendable, Hashable {
    /// What the upload did; nil when the time ran out before it ended.
    public let upload: UploadReport?
    /// What the download did; nil when the time ran out before it ended, or the upload left no time.
    public let download: DownloadReport?

    /// Whether the cycle ended: the upload and the download both done. When not, the next cycle goes on: the
    /// waiting changes are still queued, and a read that stopped is read again.
    public var isComplete: Bool { upload != nil && download != nil }
}

extension OfflineStore {
    /// Uploads the waiting changes, then downloads, until both are done or `duration` has passed (a background
    /// task's time, say `.seconds(25)` of `BGAppRefreshTask`'s 30): the time is checked before each request of the
    /// upload and each page of the download, so the cycle stops between them, never in the middle of one, and
    /// leaves the store consistent. What was done stays; the next cycle sends what is still queued and reads again
    /// a query whose read stopped. Cancelling the task stops it too, with `CancellationError`.
    ///
    /// Every ``SyncStatus`` following the store shows the cycle; one stopped by its time records no failure.
    @discardableResult nonisolated(nonsending) public func sync(
        within duration: Duration? = nil,
        conflicts: ConflictPolicy = .ask
    ) async throws -> SyncReport {
        let deadline = duration.map { ContinuousClock.now + $0 }
        return try await SyncDeadline.$current.withValue(deadline) {
            var upload: UploadReport?
            do {
                upload = try await self.upload(conflicts: conflicts)
                try SyncDeadline.check()
                return SyncReport(upload: upload, download: try await self.download())
            } catch is SyncDeadline.Reached { return SyncReport(upload: upload, download: nil) }
        }
    }
}

/// When the running sync cycle must stop: a task-local value that the upload and download loops check between
/// requests and pages (nil outside a cycle, or for a cycle without a time limit).
enum SyncDeadline {
    @TaskLocal static var current: ContinuousClock.Instant?

    /// The cycle's time ran out: thrown between requests or pages, caught by the cycle.
    struct Reached: Error {}

    /// Throws ``Reached`` once the running cycle's time has run out.
    static func check() throws { if let current, ContinuousClock.now >= current { throw Reached() } }
}
