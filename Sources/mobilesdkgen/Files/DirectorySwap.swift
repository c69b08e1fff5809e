import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Exchanges two directories in one step (Linux `renameat2` with `RENAME_EXCHANGE`, Darwin `renamex_np` with
/// `RENAME_SWAP`): a reader sees the one or the other, never a mix or neither.
enum DirectorySwap {
    /// Whether the exchange happened; false where the system or file system cannot exchange.
    static func exchange(_ a: String, _ b: String) -> Bool {
        #if canImport(Darwin)
        return renamex_np(a, b, UInt32(RENAME_SWAP)) == 0
        #else
        // glibc declares renameat2 only under _GNU_SOURCE, which Swift's Glibc module does not define.
        typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else { return false }
        let renameat2 = unsafeBitCast(symbol, to: RenameAt2.self)
        let renameExchange: UInt32 = 2
        return renameat2(AT_FDCWD, a, AT_FDCWD, b, renameExchange) == 0
        #endif
    }
}

/// An exclusive `flock` on a directory, so that two generations into the same place run one after the other.
final class DirectoryLock {
    private let descriptor: Int32

    /// Waits for the lock; nil when the directory cannot be opened (the caller then goes on unlocked).
    init?(_ path: String) {
        descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        if flock(descriptor, LOCK_EX) != 0 {
            close(descriptor)
            return nil
        }
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
