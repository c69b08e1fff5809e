import Foundation

/// What a key of an entity object means, worked out once per distinct key. Its objects are kept by the
/// ``KeyCache`` that made them for as long as it lives (one decoding call), so a key is handed around without
/// counting references: the decoder's loop meets one per value.
enum ResolvedKey {
    /// A property of the class.
    case property(Kept<ResolvedProperty>)
    /// A property the class does not declare (open types, late-bound entities), by payload name.
    case dynamic(Kept<DynamicName>)
    /// Control information of the entity (`@odata.type`, `@odata.etag`, others skipped).
    case control(EntityControl)
    /// OData v2's `__metadata`.
    case verboseMetadata
    /// An annotation of a property: `payload@term`; `storage` is the attribute it belongs to, at `index` of the
    /// table when the class declares it.
    case annotation(Kept<ResolvedAnnotation>)

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

/// A reference to an object its ``KeyCache`` keeps alive; valid while that cache is.
struct Kept<Object: AnyObject> { unowned(unsafe) let object: Object }

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

/// The payload name of a property the class does not declare.
final class DynamicName {
    let name: String

    init(_ name: String) { self.name = name }
}

/// An annotation of a property: `payload@term`; `storage` is the attribute it belongs to, at `index` of the table
/// when the class declares it.
final class ResolvedAnnotation {
    let payload: String
    let storage: String
    let index: Int?
    let term: ResolvedKey.PropertyTerm
    /// Whether the class declares a property of the payload's name.
    let isDeclared: Bool

    init(payload: String, storage: String, index: Int?, term: ResolvedKey.PropertyTerm, isDeclared: Bool) {
        self.payload = payload
        self.storage = storage
        self.index = index
        self.term = term
        self.isDeclared = isDeclared
    }
}

/// The keys of the objects read with one property table, in the order they came, with what they mean. The records
/// of a page repeat their keys in much the same order (a record may leave out a few), so most keys are recognized
/// by comparing bytes with the key expected next, without making a String or hashing.
final class KeyCache {
    let table: PropertyTable
    // One decoding call uses a cache at a time; the checks of exclusive access cost more than the lookups.
    /// The cached keys' bytes, owned by the cache.
    @exclusivity(unchecked) private var keys: [UnsafeMutableBufferPointer<UInt8>] = []
    @exclusivity(unchecked) private var resolutions: [ResolvedKey] = []
    /// Where the key after the last one recognized is expected: the cached key at an object's key `index` is the one
    /// at `index + shift`.
    @exclusivity(unchecked) private var shift = 0
    /// The objects of every key resolved, cached or not, which the keys handed out refer to without keeping them.
    @exclusivity(unchecked) private var kept: [AnyObject] = []
    /// How many distinct keys are cached at most (open types could otherwise grow the cache without end).
    private static let capacity = 1_024

    init(table: PropertyTable) { self.table = table }

    deinit { for key in keys { key.deallocate() } }

    /// Reads the key at `index` of an object and gives its meaning, or nil at the object's end. The key expected
    /// there is tried first, straight on the payload's bytes.
    func nextKey(_ reader: inout JSONReader, at index: Int, version: ODataVersion) throws -> ResolvedKey? {
        if index == 0 { shift = 0 }
        let expected = min(max(index + shift, 0), keys.count)
        guard expected < keys.count else {
            return try reader.nextKeyToken().map { resolve($0, at: index, version: version) }
        }
        guard let (token, isExpected) = try reader.nextKeyToken(expecting: UnsafeBufferPointer(keys[expected])) else {
            return nil
        }
        return isExpected ? resolutions[expected] : resolve(token, at: index, version: version)
    }

    /// The meaning of the key at `index` of an object, from the cache when the bytes match.
    func resolve(_ token: JSONReader.KeyToken, at index: Int, version: ODataVersion) -> ResolvedKey {
        guard case .plain(let bytes) = token else {
            if case .escaped(let key) = token { return keep(Self.resolve(key, table: table, version: version)) }
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
        let resolved = keep(Self.resolve(String(decoding: bytes, as: UTF8.self), table: table, version: version))
        if keys.count < Self.capacity {
            let key = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
            _ = key.initialize(from: bytes)
            keys.insert(key, at: expected)
            resolutions.insert(resolved, at: expected)
            shift = expected - index
        }
        return resolved
    }

    /// Keeps the object of a key being handed out.
    private func keep(_ resolved: Resolution) -> ResolvedKey {
        switch resolved {
        case .key(let key): return key
        case .property(let property):
            kept.append(property)
            return .property(Kept(object: property))
        case .dynamic(let name):
            kept.append(name)
            return .dynamic(Kept(object: name))
        case .annotation(let annotation):
            kept.append(annotation)
            return .annotation(Kept(object: annotation))
        }
    }

    /// A key's meaning as first worked out: the objects it refers to, not yet kept.
    enum Resolution {
        case key(ResolvedKey)
        case property(ResolvedProperty)
        case dynamic(DynamicName)
        case annotation(ResolvedAnnotation)
    }

    private static func equal(_ known: UnsafeMutableBufferPointer<UInt8>, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard known.count == bytes.count else { return false }
        guard let left = known.baseAddress, let right = bytes.baseAddress else { return true }
        return memcmp(left, right, bytes.count) == 0
    }

    /// The meaning of `key` in an object typed by `table`.
    static func resolve(_ key: String, table: PropertyTable, version: ODataVersion) -> Resolution {
        if version == .v2, key == "__metadata" { return .key(.verboseMetadata) }
        if let control = ODataAnnotation.controlName(key) {
            switch control {
            case "type": return .key(.control(.type))
            case "etag": return .key(.control(.etag))
            default:
                let media = MediaLinks.Term(controlName: control).map(ResolvedKey.EntityControl.media)
                return .key(.control(media ?? .other))
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
            let declared = table.byPropertyName[payload]
            let storage = declared?.name ?? EntityState.lookupAttributeName(payload) ?? payload
            let index = table.indexByName[storage]
            let isDeclared = declared != nil
            return .annotation(
                ResolvedAnnotation(payload: payload, storage: storage, index: index, term: term, isDeclared: isDeclared)
            )
        }
        if let property = table.byPropertyName[key] {
            return .property(ResolvedProperty(property, index: table.indexByName[property.name]))
        }
        return .dynamic(DynamicName(key))
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
