import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Holds back Ctrl-C (SIGINT), SIGTERM and SIGHUP during a short critical section, such as writing a temporary
/// file and renaming it into place: a signal that arrives meanwhile is raised again once the section is over,
/// so an interruption never leaves a half-written or stray file.
enum Interruptions {
    static func deferred<T>(_ body: () throws -> T) rethrows -> T {
        receivedSignal = 0
        let signals = [SIGINT, SIGTERM, SIGHUP]
        let previous = signals.map { signal($0) { receivedSignal = $0 } }
        defer {
            for (number, handler) in zip(signals, previous) { signal(number, handler) }
            if receivedSignal != 0 { raise(receivedSignal) }
        }
        return try body()
    }
}

/// The signal held back by `Interruptions.deferred`, 0 for none; written only by its signal handler.
nonisolated(unsafe) private var receivedSignal: sig_atomic_t = 0
