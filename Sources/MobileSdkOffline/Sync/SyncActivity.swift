import Foundation

/// What a store's downloads and uploads tell the ``SyncStatus``es following the store while they run, whoever
/// started them.
enum SyncEvent: Sendable {
    case downloading(DownloadProgress)
    case downloadEnded(Result<DownloadReport, any Error>)
    case uploading(UploadProgress)
    case uploadEnded(Result<UploadReport, any Error>)
}

/// Hands a store's ``SyncEvent``s to every follower, in the order they happen.
final class SyncActivity: Sendable {
    private let followers = Followers()

    /// Tells every follower of `event`.
    func post(_ event: SyncEvent) { followers.post(event) }

    /// The progress of the download and the upload running now, then the events from now on; the stream ends when
    /// its reader stops reading it.
    func events() -> AsyncStream<SyncEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: SyncEvent.self)
        let id = followers.add(continuation)
        continuation.onTermination = { [followers] _ in followers.remove(id) }
        return stream
    }

    /// The streams handed out, by number, and what runs now; changed and read under `lock` only.
    private final class Followers: @unchecked Sendable {
        private let lock = NSLock()
        private var continuations: [Int: AsyncStream<SyncEvent>.Continuation] = [:]
        private var next = 0
        private var download: DownloadProgress?
        private var upload: UploadProgress?

        /// Keeps what runs now and tells every stream, in the order they were added; under the lock, so that a
        /// stream added meanwhile starts from the state the events after it change.
        func post(_ event: SyncEvent) {
            lock.withLock {
                switch event {
                case .downloading(let progress): download = progress
                case .downloadEnded: download = nil
                case .uploading(let progress): upload = progress
                case .uploadEnded: upload = nil
                }
                for (_, continuation) in continuations.sorted(by: { $0.key < $1.key }) { continuation.yield(event) }
            }
        }

        func add(_ continuation: AsyncStream<SyncEvent>.Continuation) -> Int {
            lock.withLock {
                if let download { continuation.yield(.downloading(download)) }
                if let upload { continuation.yield(.uploading(upload)) }
                next += 1
                continuations[next] = continuation
                return next
            }
        }

        func remove(_ id: Int) { _ = lock.withLock { continuations.removeValue(forKey: id) } }
    }
}
