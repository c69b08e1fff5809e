import Foundation
import GRDB
import Observation

/// What a store's sync is doing and has done, for a SwiftUI view to show: the running download or upload with its
/// progress, the changes waiting and those the service refused, when the last download and upload succeeded, and
/// why the last one failed.
///
/// ```swift
/// struct SyncFooter: View {
///     let status: SyncStatus
///
///     var body: some View {
///         switch status.phase {
///         case .idle: Text("\(status.pendingCount) changes to upload")
///         case .downloading(let progress): ProgressView("Downloading \(progress.query)", value: progress.fractionCompleted)
///         case .uploading(let progress): ProgressView("Uploading", value: progress.fractionCompleted)
///         }
///     }
/// }
/// ```
///
/// It follows every download and upload of the store, whoever starts them, and every change to its queue of
/// waiting requests and its error archive (local writes, uploads, resolutions). Create one per store and screen
/// that shows it, on the main actor; it stops following when it goes.
@MainActor @Observable public final class SyncStatus {
    /// What the store's sync is doing.
    public enum Phase: Sendable, Hashable {
        /// Nothing runs.
        case idle
        /// A download runs; how far it is.
        case downloading(DownloadProgress)
        /// An upload runs; how far it is.
        case uploading(UploadProgress)
    }

    /// The running download's progress; nil when none runs.
    public private(set) var download: DownloadProgress?
    /// The running upload's progress; nil when none runs.
    public private(set) var upload: UploadProgress?
    /// The changes made in the store and waiting to be uploaded.
    public private(set) var pendingCount = 0
    /// The changes the service refused, waiting for the app to resolve them (``OfflineStore/resolve(_:by:)``).
    public private(set) var archivedErrors: [ArchivedError] = []
    /// When a download last succeeded, kept in the store; nil before the first.
    public private(set) var lastDownloaded: Date?
    /// When an upload last succeeded, kept in the store; nil before the first.
    public private(set) var lastUploaded: Date?
    /// What the last download that ended did, since this status began following the store.
    public private(set) var lastDownloadReport: DownloadReport?
    /// What the last upload that ended did, since this status began following the store.
    public private(set) var lastUploadReport: UploadReport?
    /// Why the last download or upload failed, until that operation next succeeds; a cancelled one is no failure.
    public private(set) var lastFailure: SyncFailure?
    /// Why reading the queue, the archive or the sync times from the store failed, if it did (the values above
    /// stay as they were).
    public private(set) var storeError: OfflineStoreError?

    @ObservationIgnored private let following = Following()

    /// Follows `store` from now on, starting from what it holds now and the download or upload running now.
    public init(store: OfflineStore) {
        do { apply(try store.reading(StoredSync.load)) } catch { storeError = OfflineStoreError.of(error) }
        let events = store.activity.events()
        // Read off the main actor with `next()` (`for await` on the main actor needs `next(isolation:)`, iOS 18), each
        // event applied there in turn.
        following.task = Task.detached { [weak self] in
            var iterator = events.makeAsyncIterator()
            while let event = await iterator.next() { await self?.apply(event) }
        }
        // Delivered in commit order on a queue of its own, then in that order on the main actor.
        let (stored, sink) = AsyncStream.makeStream(
            of: Result<StoredSync, OfflineStoreError>.self,
            bufferingPolicy: .bufferingNewest(1)
        )
        following.observation = ValueObservation.tracking(StoredSync.load).removeDuplicates()
            .start(
                in: store.writer,
                scheduling: .async(onQueue: DispatchQueue(label: "MobileSdkOffline.SyncStatus")),
                onError: { sink.yield(.failure(OfflineStoreError.of($0))) },
                onChange: { sink.yield(.success($0)) }
            )
        following.storedTask = Task.detached { [weak self] in
            var iterator = stored.makeAsyncIterator()
            while let state = await iterator.next() { await self?.apply(state) }
        }
    }

    /// What the store's sync is doing: an upload first, when one runs beside a download.
    public var phase: Phase {
        if let upload { return .uploading(upload) }
        if let download { return .downloading(download) }
        return .idle
    }

    /// Whether a download or an upload runs.
    public var isSyncing: Bool { download != nil || upload != nil }

    /// How much of the running phase is done, from 0 to 1: nil when nothing runs, or while the download's total is
    /// unknown (an indeterminate `ProgressView`).
    public var fractionCompleted: Double? {
        switch phase {
        case .idle: nil
        case .downloading(let progress): progress.fractionCompleted
        case .uploading(let progress): progress.fractionCompleted
        }
    }

    /// The number of refused changes waiting to be resolved.
    public var archivedCount: Int { archivedErrors.count }

    private func apply(_ event: SyncEvent) {
        switch event {
        case .downloading(let progress): download = progress
        case .downloadEnded(let result):
            download = nil
            switch result {
            case .success(let report):
                lastDownloadReport = report
                if lastFailure?.operation == .download { lastFailure = nil }
            case .failure(let error): record(error, of: .download)
            }
        case .uploading(let progress): upload = progress
        case .uploadEnded(let result):
            upload = nil
            switch result {
            case .success(let report):
                lastUploadReport = report
                if lastFailure?.operation == .upload { lastFailure = nil }
            case .failure(let error): record(error, of: .upload)
            }
        }
    }

    private func record(_ error: any Error, of operation: SyncFailure.Operation) {
        guard !(error is CancellationError), !(error is SyncDeadline.Reached) else { return }
        lastFailure = SyncFailure(operation, error: error)
    }

    private func apply(_ state: Result<StoredSync, OfflineStoreError>) {
        switch state {
        case .success(let state): apply(state)
        case .failure(let error): storeError = error
        }
    }

    private func apply(_ state: StoredSync) {
        storeError = nil
        pendingCount = state.pendingCount
        if archivedErrors != state.archivedErrors { archivedErrors = state.archivedErrors }
        lastDownloaded = state.times.download
        lastUploaded = state.times.upload
    }

    /// The observation and the tasks that deliver to the status; stopped when it goes.
    private final class Following: @unchecked Sendable {
        /// Set once, on the main actor, as the status is made.
        var task: Task<Void, Never>?
        var storedTask: Task<Void, Never>?
        var observation: AnyDatabaseCancellable?

        deinit {
            task?.cancel()
            storedTask?.cancel()
            observation?.cancel()
        }
    }
}

/// What the status reads from the store's own tables.
private struct StoredSync: Sendable, Equatable {
    var pendingCount: Int
    var archivedErrors: [ArchivedError]
    var times: SyncTimes

    static func load(_ db: Database) throws -> StoredSync {
        StoredSync(
            pendingCount: try RequestQueue.count(categories: nil, db),
            archivedErrors: try OfflineStore.archivedErrors(db),
            times: try SyncTimes.load(db)
        )
    }
}
