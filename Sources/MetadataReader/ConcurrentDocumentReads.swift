import Dispatch
import Foundation

/// Reads the documents a load starts from two at a time: a Dataverse organization's `$metadata` (XML, read on one core)
/// is read while its entity definitions (JSON) are, instead of after them.
enum ConcurrentDocumentReads {
    /// Each document of `inputs` read from its bytes, or from its file when it has none, in the order given. The
    /// calling thread reads the largest first and goes on down; one helper reads the smallest first and goes on up. The
    /// largest is read where the model is built next, whose allocations then reuse the memory its tree gave back.
    static func read(_ inputs: [(path: String, bytes: [UInt8]?)]) -> [ReadDocument] {
        guard inputs.count > 1 else { return inputs.map { DocumentReader.read(path: $0.path, bytes: $0.bytes) } }
        let sizes = inputs.map { input in input.bytes?.count ?? fileSize(input.path) }
        let results = Results(order: inputs.indices.sorted { (sizes[$1], $0) < (sizes[$0], $1) })
        let readUntilDone: @Sendable (_ fromSmallest: Bool) -> Void = { fromSmallest in
            while let index = results.next(fromSmallest: fromSmallest) {
                results.store(DocumentReader.read(path: inputs[index].path, bytes: inputs[index].bytes), at: index)
            }
        }
        let helper = DispatchGroup()
        DispatchQueue.global().async(group: helper) { readUntilDone(true) }
        readUntilDone(false)
        helper.wait()
        return results.takeAll()
    }

    private static func fileSize(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }

    /// The documents read so far, and those still to take. Unchecked: a lock guards them.
    private final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var documents: [ReadDocument?]
        /// Indices of the documents still to read, largest first.
        private var unread: ArraySlice<Int>

        init(order: [Int]) {
            documents = Array(repeating: nil, count: order.count)
            unread = order[...]
        }

        func next(fromSmallest: Bool) -> Int? { lock.withLock { fromSmallest ? unread.popLast() : unread.popFirst() } }

        func store(_ document: ReadDocument, at index: Int) { lock.withLock { documents[index] = document } }

        /// Every document, moved out (a copy left here would make the caller's first change to one copy its whole
        /// model): called once all are stored.
        func takeAll() -> [ReadDocument] {
            let taken = lock.withLock {
                defer { documents = [] }
                return documents
            }
            return taken.compactMap { $0 }
        }
    }
}
