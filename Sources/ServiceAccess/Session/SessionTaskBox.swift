import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The task of a request, set once it is made: so that cancelling the Swift task cancels it (also before it is set),
/// and so that its identifier and byte counts can be read while it runs.
package final class SessionTaskBox: @unchecked Sendable {
    private let lock = NSLock()
    private var task: URLSessionTask?
    private var cancelled = false

    /// Creates an empty box, for one task of ``ServiceSession/run(delegate:box:_:)``.
    package init() {}

    /// The task's identifier once it is set.
    package var identifier: Int? {
        lock.lock()
        defer { lock.unlock() }
        return task?.taskIdentifier
    }

    /// The bytes the task received and expects, once it is set.
    package var received: (Int64, Int64)? {
        lock.lock()
        defer { lock.unlock() }
        return task.map { ($0.countOfBytesReceived, $0.countOfBytesExpectedToReceive) }
    }

    /// Holds `task`; cancels it at once when ``cancel()`` came first.
    package func set(_ task: URLSessionTask) {
        lock.lock()
        self.task = task
        let cancelNow = cancelled
        lock.unlock()
        if cancelNow { task.cancel() }
    }

    /// Cancels the task, or the one set later; its completion handler then gets `URLError.cancelled`.
    package func cancel() {
        lock.lock()
        cancelled = true
        let task = self.task
        lock.unlock()
        task?.cancel()
    }
}
