import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A line on standard error that counts finished requests of a long fetch, rewritten in place; shown only when
/// standard error is a terminal, so logs and build output get none of it. Requests made at the same time count
/// through one lock.
final class FetchProgress: @unchecked Sendable {
    private let label: String
    private let lock = NSLock()
    private var done = 0
    private var total = 0
    private let isShown = isatty(STDERR_FILENO) != 0

    init(label: String) { self.label = label }

    func expect(_ count: Int) {
        lock.withLock {
            total += count
            show()
        }
    }

    func finishedOne() {
        lock.withLock {
            done += 1
            show()
        }
    }

    /// Ends the line.
    func end() { if isShown, total > 0 { FileHandle.standardError.write(Data("\n".utf8)) } }

    private func show() {
        guard isShown else { return }
        FileHandle.standardError.write(Data("\r\(label): \(done) of \(total) requests".utf8))
    }
}
