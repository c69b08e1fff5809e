import Foundation

/// Collects the attribute names a probe entity's getters read.
final class AccessRecorder {
    private(set) var names: [String] = []

    func record(_ name: String) {
        names.append(name)
    }
}

/// What a key path of a generated class names on the wire: the getters of generated properties read their attribute
/// through `getValue` / `getValues` / `getRelated…`, so reading the key path on a probe instance that records those
/// calls tells the attribute's storage name; the class's property metadata then gives its payload name and type.
enum PropertyPaths {
    /// A property as a query names it.
    struct Resolved {
        /// The name in payloads and URLs, e.g. `_parentcustomerid_value`.
        let payloadName: String
        let metadata: PropertyMetadata?
    }

    /// The property `keyPath` reads, or nil when it does not read exactly one attribute of `Root` (a computed
    /// property of the app's own, say).
    static func resolve<Root: Entity>(_ keyPath: PartialKeyPath<Root>) -> Resolved? {
        if let known = cache.value(for: keyPath) { return known }
        let probe = Root()
        let recorder = AccessRecorder()
        probe.accessRecorder = recorder
        _ = probe[keyPath: keyPath]
        guard recorder.names.count == 1, let name = recorder.names.first else { return nil }
        let table = PropertyTable.of(Root.self)
        let metadata = table.byName[name] ?? table.navigationsByName[name]
        let resolved = Resolved(payloadName: metadata?.propertyName ?? name, metadata: metadata)
        cache.store(resolved, for: keyPath)
        return resolved
    }

    private static let cache = Cache()

    private final class Cache: @unchecked Sendable {
        private let lock = NSLock()
        private var entries: [AnyKeyPath: Resolved] = [:]

        func value(for keyPath: AnyKeyPath) -> Resolved? {
            lock.lock()
            defer { lock.unlock() }
            return entries[keyPath]
        }

        func store(_ resolved: Resolved, for keyPath: AnyKeyPath) {
            lock.lock()
            defer { lock.unlock() }
            entries[keyPath] = resolved
        }
    }
}
