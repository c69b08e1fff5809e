import Foundation
import MobileSdkClient

/// Hands out numbered access tokens (`secret-token-1`, `secret-token-2`, …) and records whether each was asked for
/// with `refresh`.
final class TokenSource: @unchecked Sendable {
    private let lock = NSLock()
    private var refreshes: [Bool] = []

    /// The `refresh` flag of every request for a token, in order.
    var requests: [Bool] {
        lock.lock()
        defer { lock.unlock() }
        return refreshes
    }

    /// A provider that asks this source.
    var authentication: BearerTokenAuthentication { BearerTokenAuthentication { [self] refresh in next(refresh) } }

    private func next(_ refresh: Bool) -> String {
        lock.lock()
        defer { lock.unlock() }
        refreshes.append(refresh)
        return "secret-token-\(refreshes.count)"
    }
}
