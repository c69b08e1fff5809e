import Foundation
import MobileSdk

/// Hands a page's record batches from the thread that reads the page to the transaction that writes them, a few at a
/// time, so that reading and writing run side by side on two cores while memory holds only the page and a few
/// batches.
final class BatchChannel: @unchecked Sendable {
    /// What the reader sends.
    enum Message: Sendable {
        case batch(RecordBatch)
        /// The page is read: its links and removed records.
        case end(PageEnd)
        case failure(any Error)
    }

    /// The end of a page: its links and the records it removes.
    struct PageEnd: Sendable {
        var links: PageReading.Links
        var removed: [RemovedEntity]
    }

    private let condition = NSCondition()
    private var messages: [Message] = []
    private var isClosed = false
    private let capacity: Int

    init(capacity: Int = 2) { self.capacity = capacity }

    /// Sends `message`, waiting while the channel is full; false when the receiver has gone.
    @discardableResult func send(_ message: Message) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while messages.count >= capacity, !isClosed { condition.wait() }
        guard !isClosed else { return false }
        messages.append(message)
        condition.broadcast()
        return true
    }

    /// The next message, waiting for it.
    func receive() -> Message {
        condition.lock()
        defer { condition.unlock() }
        while messages.isEmpty { condition.wait() }
        let message = messages.removeFirst()
        condition.broadcast()
        return message
    }

    /// Stops the sender: its next send returns false.
    func close() {
        condition.lock()
        isClosed = true
        messages.removeAll()
        condition.broadcast()
        condition.unlock()
    }
}

/// Written batches, emptied, for the readers of a download's pages to fill again: their storage is reused rather
/// than allocated anew for each batch.
final class BatchPool: @unchecked Sendable {
    private let lock = NSLock()
    private var spares: [RecordBatch] = []
    private let capacity: Int

    init(capacity: Int = 4) { self.capacity = capacity }

    /// Gives a written batch back.
    func recycle(_ batch: RecordBatch) {
        var batch = batch
        batch.removeAll()
        lock.lock()
        if spares.count < capacity { spares.append(batch) }
        lock.unlock()
    }

    /// An empty batch: a recycled one when there is one.
    func emptyBatch() -> RecordBatch {
        lock.lock()
        defer { lock.unlock() }
        return spares.popLast() ?? RecordBatch()
    }
}
