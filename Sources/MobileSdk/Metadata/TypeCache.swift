import Foundation

/// Values built once per type and shared by every thread: property tables, enumeration member tables. The value is
/// built outside the lock; if two threads build one at once, the first stored wins.
final class TypeCache<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [ObjectIdentifier: Value] = [:]

    /// The value for `type`, built by `make` the first time.
    func value(for type: Any.Type, _ make: () -> Value) -> Value {
        let key = ObjectIdentifier(type)
        lock.lock()
        if let value = values[key] {
            lock.unlock()
            return value
        }
        lock.unlock()
        let value = make()
        lock.lock()
        defer { lock.unlock() }
        if let existing = values[key] { return existing }
        values[key] = value
        return value
    }
}
