import Foundation

/// What a key of an entity object means, worked out once per distinct key.
enum ResolvedKey {
    /// A property of the class.
    case property(PropertyMetadata)
    /// A property the class does not declare (open types, late-bound entities), by payload name.
    case dynamic(String)
    /// Control information of the entity (`@odata.type`, `@odata.etag`, others skipped).
    case control(EntityControl)
    /// OData v2's `__metadata`.
    case verboseMetadata
    /// An annotation of a property: `payload@term`; `storage` is the attribute it belongs to.
    case annotation(payload: String, storage: String, term: PropertyTerm)

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

/// The keys of the last object read with one property table, by position, with what they mean. The records of a
/// page repeat their keys in the same order, so most keys are recognized by comparing bytes with the record before,
/// without making a String or hashing.
final class KeyCache {
    let table: PropertyTable
    private var keys: [[UInt8]] = []
    private var resolutions: [ResolvedKey] = []

    init(table: PropertyTable) { self.table = table }

    /// The meaning of the key at `index` of an object, from the cache when the bytes match.
    func resolve(_ token: JSONReader.KeyToken, at index: Int, version: ODataVersion) -> ResolvedKey {
        guard case .plain(let bytes) = token else {
            if case .escaped(let key) = token { return Self.resolve(key, table: table, version: version) }
            return .control(.other)
        }
        if index < keys.count, Self.equal(keys[index], bytes) { return resolutions[index] }
        let resolved = Self.resolve(String(decoding: bytes, as: UTF8.self), table: table, version: version)
        if index < keys.count {
            keys[index] = Array(bytes)
            resolutions[index] = resolved
        } else if index == keys.count {
            keys.append(Array(bytes))
            resolutions.append(resolved)
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
            return .annotation(payload: payload, storage: storage, term: term)
        }
        if let property = table.byPropertyName[key] { return .property(property) }
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
