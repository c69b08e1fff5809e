import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A line on standard error that counts finished requests of a long fetch, rewritten in place; shown only when
/// standard error is a terminal, so logs and build output get none of it.
final class FetchProgress {
    private let label: String
    private var done = 0
    private var total = 0
    private let isShown = isatty(STDERR_FILENO) != 0

    init(label: String) { self.label = label }

    func expect(_ count: Int) {
        total += count
        show()
    }

    func finishedOne() {
        done += 1
        show()
    }

    /// Ends the line.
    func end() { if isShown, total > 0 { FileHandle.standardError.write(Data("\n".utf8)) } }

    private func show() {
        guard isShown else { return }
        FileHandle.standardError.write(Data("\r\(label): \(done) of \(total) requests".utf8))
    }
}
