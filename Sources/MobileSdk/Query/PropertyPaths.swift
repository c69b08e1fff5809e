import Foundation

/// Records which properties the getters of probes read while a key path is resolved (see ``PropertyPaths``). Each
/// probe reads at its depth: the entity or complex value the key path starts from at 0, the probe a getter of it
/// hands out (a related entity, a complex value) at 1, and so on.
final class AccessRecorder: @unchecked Sendable {
    /// The reads so far, with the depth of the probe that made each.
    private(set) var reads: [(depth: Int, name: String)] = []

    /// The recorder of the resolution under way, for probe complex values: a value type holds no reference to it.
    /// A recorder is used by the one synchronous resolution that creates it.
    @TaskLocal static var current: AccessRecorder?

    /// The key under which a probe complex value holds its depth (no property name starts with `@`).
    static let depthKey = "@probe.depth"

    /// Records that the probe at `depth` read `name`; what the getter returns: a probe one level deeper for a
    /// complex value, else nil.
    func read<T>(_ name: String, at depth: Int, as type: T.Type) -> T? {
        reads.append((depth, name))
        guard let complex = T.self as? any ComplexValue.Type else { return nil }
        return complex.init(attributes: [Self.depthKey: .int32(Int32(depth + 1))]) as? T
    }

    /// Records that the probe at `depth` read the navigation property `name`; a probe entity one level deeper.
    func readRelated<T: Entity>(_ name: String, at depth: Int, as type: T.Type) -> T {
        reads.append((depth, name))
        let related = T()
        related.probe = (self, depth + 1)
        return related
    }

    /// The names read, when each was read on what the one before returned: a property path. A computed property
    /// reading two attributes of the same probe is none.
    var path: [String]? {
        guard !reads.isEmpty, reads.enumerated().allSatisfy({ $0.offset == $0.element.depth }) else { return nil }
        return reads.map(\.name)
    }
}

/// What a key path of a generated class or complex type names on the wire. The getters of generated properties read
/// through `getValue`, `getRelated`, `attributes.value` …, which on a probe record the read and hand out a probe of
/// what the property holds; reading the key path on a probe thus gives the storage names along it, and the property
/// metadata of each type along the way their payload names and the last one's type.
enum PropertyPaths {
    /// A property as a query names it.
    struct Resolved {
        /// The names in payloads and URLs, e.g. `["_parentcustomerid_value"]`, `["HomeAddress", "City"]`.
        let payloadPath: [String]
        /// The metadata of the last property.
        let metadata: PropertyMetadata?
    }

    /// The property path `keyPath` reads, or nil when it reads no property of `Root`, or more than one of some
    /// probe (a computed property of the app's own, say).
    static func resolve<Root: Entity>(_ keyPath: PartialKeyPath<Root>) -> Resolved? {
        resolve(
            keyPath,
            from: { PropertyTable.of(Root.self) },
            read: { recorder in
                let probe = Root()
                probe.probe = (recorder, 0)
                _ = probe[keyPath: keyPath]
            }
        )
    }

    /// The property path `keyPath` reads on a complex value.
    static func resolve<Root: ComplexValue>(_ keyPath: PartialKeyPath<Root>) -> Resolved? {
        resolve(
            keyPath,
            from: { PropertyTable.of(Root.self) },
            read: { _ in _ = Root(attributes: [AccessRecorder.depthKey: .int32(0)])[keyPath: keyPath] }
        )
    }

    private static func resolve(_ keyPath: AnyKeyPath, from root: () -> PropertyTable, read: (AccessRecorder) -> Void)
        -> Resolved?
    {
        if let known = cache.value(for: keyPath) { return known }
        let recorder = AccessRecorder()
        AccessRecorder.$current.withValue(recorder) { read(recorder) }
        guard let names = recorder.path else { return nil }
        var table: PropertyTable? = root()
        var payloadPath: [String] = []
        var metadata: PropertyMetadata?
        for name in names {
            metadata = table.flatMap { $0.byName[name] ?? $0.navigationsByName[name] }
            payloadPath.append(metadata?.propertyName ?? name)
            switch metadata?.type {
            case .complex(let type)?: table = PropertyTable.of(type)
            case .navigation(let type)?: table = PropertyTable.of(type)
            default: table = nil
            }
        }
        let resolved = Resolved(payloadPath: payloadPath, metadata: metadata)
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
