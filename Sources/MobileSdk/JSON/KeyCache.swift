import Foundation

/// What a key of an entity object means, worked out once per distinct key.
enum ResolvedKey {
    /// A property of the class.
    case property(ResolvedProperty)
    /// A property the class does not declare (open types, late-bound entities), by payload name.
    case dynamic(String)
    /// Control information of the entity (`@odata.type`, `@odata.etag`, others skipped).
    case control(EntityControl)
    /// OData v2's `__metadata`.
    case verboseMetadata
    /// An annotation of a property: `payload@term`; `storage` is the attribute it belongs to, at `index` of the
    /// table when the class declares it.
    indirect case annotation(payload: String, storage: String, index: Int?, term: PropertyTerm)

    enum EntityControl {
        case type, etag
        case media(MediaLinks.Term)
        case other
    }

    enum PropertyTerm {
        case formattedValue, lookupLogicalName, type, nextLink, count
        case media(MediaLinks.Term)
        case other
    }
}

/// A property's metadata in a box, so that handing a resolved key around copies one reference.
final class ResolvedProperty {
    let metadata: PropertyMetadata
    /// Its place among the attributes of the table (``PropertyTable/indexByName``); nil for a navigation property.
    let index: Int?
    /// Whether the property is a navigation property or a stream, which records read apart.
    let isNavigation: Bool
    let isStream: Bool

    init(_ metadata: PropertyMetadata, index: Int?) {
        self.metadata = metadata
        self.index = index
        if case .navigation = metadata.type { isNavigation = true } else { isNavigation = false }
        if case .stream = metadata.type { isStream = true } else { isStream = false }
    }
}

/// The keys of the objects read with one property table, in the order they came, with what they mean. The records
/// of a page repeat their keys in much the same order (a record may leave out a few), so most keys are recognized
/// by comparing bytes with the key expected next, without making a String or hashing.
final class KeyCache {
    let table: PropertyTable
    // One decoding call uses a cache at a time; the checks of exclusive access cost more than the lookups.
    @exclusivity(unchecked) private var keys: [[UInt8]] = []
    @exclusivity(unchecked) private var resolutions: [ResolvedKey] = []
    /// Where the key after the last one recognized is expected: the cached key at an object's key `index` is the one
    /// at `index + shift`.
    @exclusivity(unchecked) private var shift = 0
    /// How many distinct keys are cached at most (open types could otherwise grow the cache without end).
    private static let capacity = 1_024

    init(table: PropertyTable) { self.table = table }

    /// The meaning of the key at `index` of an object, from the cache when the bytes match.
    func resolve(_ token: JSONReader.KeyToken, at index: Int, version: ODataVersion) -> ResolvedKey {
        guard case .plain(let bytes) = token else {
            if case .escaped(let key) = token { return Self.resolve(key, table: table, version: version) }
            return .control(.other)
        }
        if index == 0 { shift = 0 }
        let expected = min(max(index + shift, 0), keys.count)
        if expected < keys.count, Self.equal(keys[expected], bytes) { return resolutions[expected] }
        // A record that left out keys, or has some the one before lacked: look for the key among all cached.
        if let found = keys.indices.first(where: { Self.equal(keys[$0], bytes) }) {
            shift = found - index
            return resolutions[found]
        }
        let resolved = Self.resolve(String(decoding: bytes, as: UTF8.self), table: table, version: version)
        if keys.count < Self.capacity {
            keys.insert(Array(bytes), at: expected)
            resolutions.insert(resolved, at: expected)
            shift = expected - index
        }
        return resolved
    }

    private static func equal(_ known: [UInt8], _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard known.count == bytes.count else { return false }
        return known.withUnsafeBufferPointer { known in
            guard let left = known.baseAddress, let right = bytes.baseAddress else { return true }
            return memcmp(left, right, bytes.count) == 0
        }
    }

    /// The meaning of `key` in an object typed by `table`.
    static func resolve(_ key: String, table: PropertyTable, version: ODataVersion) -> ResolvedKey {
        if version == .v2, key == "__metadata" { return .verboseMetadata }
        if let control = ODataAnnotation.controlName(key) {
            switch control {
            case "type": return .control(.type)
            case "etag": return .control(.etag)
            default:
                return .control(MediaLinks.Term(controlName: control).map(ResolvedKey.EntityControl.media) ?? .other)
            }
        }
        if let at = key.utf8.firstIndex(of: UInt8(ascii: "@")) {
            let payload = String(key[..<at])
            let control = ODataAnnotation.controlName(String(key[at...])) ?? ""
            let term: ResolvedKey.PropertyTerm =
                switch control {
                case "OData.Community.Display.V1.FormattedValue": .formattedValue
                case "Microsoft.Dynamics.CRM.lookuplogicalname": .lookupLogicalName
                case "type": .type
                case "nextLink": .nextLink
                case "count": .count
                default: MediaLinks.Term(controlName: control).map(ResolvedKey.PropertyTerm.media) ?? .other
                }
            let storage = table.byPropertyName[payload]?.name ?? EntityState.lookupAttributeName(payload) ?? payload
            return .annotation(payload: payload, storage: storage, index: table.indexByName[storage], term: term)
        }
        if let property = table.byPropertyName[key] {
            return .property(ResolvedProperty(property, index: table.indexByName[property.name]))
        }
        return .dynamic(key)
    }
}

/// The key caches of one decoding call, one per property table met.
final class KeyCaches {
    private var caches: [KeyCache] = []

    func cache(for table: PropertyTable) -> KeyCache {
        if let cache = caches.first(where: { $0.table === table }) { return cache }
        let cache = KeyCache(table: table)
        caches.append(cache)
        return cache
    }
}
