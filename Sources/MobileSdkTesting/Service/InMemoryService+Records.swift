import Foundation
import MobileSdk
import MobileSdkClient

/// The records, as the test sets and reads them: changes made here are another user's, which the next delta shows.
extension InMemoryService {
    /// Stores `entities` in `entitySet`, each with a new ETag, replacing records with the same key.
    public func seed(_ entities: [Entity], in entitySet: String) throws {
        for entity in entities { try put(entity, in: entitySet) }
    }

    /// Stores a copy of `entity` in `entitySet` with a new ETag, replacing the record with the same key: a change
    /// the next delta shows. Returns the ETag.
    @discardableResult public func put(_ entity: Entity, in entitySet: String) throws -> String {
        let record = Self.copy(entity)
        let key = try keySegment(of: record)
        return locked { store(record, key: key, in: entitySet) }
    }

    /// Changes the record of `type` with `key` in `entitySet` with `body`, giving it a new ETag: a change the next
    /// delta shows, and after which a change the store made against the older version is a conflict. Throws a 404
    /// `ODataServiceError` when there is no such record.
    @discardableResult public func modify<T: Entity>(
        _ type: T.Type,
        key: EntityKey,
        in entitySet: String,
        _ body: (T) throws -> Void
    ) throws -> String {
        let segment = try key.urlSegment(version)
        return try locked {
            guard let record = sets[entitySet]?[segment] as? T else { throw notFound("\(entitySet)\(segment)") }
            try body(record)
            record.acceptChanges()
            return store(record, key: segment, in: entitySet)
        }
    }

    /// Removes the record with `key` from `entitySet` (and its links): a removal the next delta shows.
    public func remove(_ key: EntityKey, from entitySet: String) throws {
        let segment = try key.urlSegment(version)
        try locked {
            guard sets[entitySet]?.removeValue(forKey: segment) != nil else { throw notFound(entitySet + segment) }
            forgetLinks(of: entitySet + segment)
            changes.append((entitySet, segment))
        }
    }

    /// Copies of the records of `entitySet`, in key order.
    public func records(in entitySet: String) -> [Entity] { locked { sortedRecords(of: entitySet).map(Self.copy) } }

    /// A copy of the record of `type` with `key` in `entitySet`, or nil.
    public func record<T: Entity>(_ type: T.Type, key: EntityKey, in entitySet: String) -> T? {
        guard let segment = try? key.urlSegment(version) else { return nil }
        return locked { sets[entitySet]?[segment].map(Self.copy) as? T }
    }

    /// The records the record with `key` in `entitySet` links to through `navigationProperty`, each named
    /// `EntitySet(key)`, sorted.
    public func linkedRecords(from key: EntityKey, in entitySet: String, through navigationProperty: String) -> [String]
    {
        guard let segment = try? key.urlSegment(version) else { return [] }
        let source = entitySet + segment
        return locked {
            links.filter { $0.source == source && $0.navigationProperty == navigationProperty }.map(\.target).sorted()
        }
    }

    /// Makes every delta link handed out so far expired: following one is answered 410 Gone, and the store reads
    /// the whole result again.
    public func expireDeltaLinks() {
        locked {
            // A change of no entity set, so that the links handed out from now on have a later token.
            changes.append(("", ""))
            oldestValidToken = changes.count
        }
    }

    // MARK: Helpers (called with the lock held where they touch the records)

    /// Stores `record` under `key` with a new ETag and logs the change; returns the ETag.
    func store(_ record: Entity, key: String, in entitySet: String) -> String {
        lastETag += 1
        let eTag = "W/\"\(lastETag)\""
        record.eTag = eTag
        sets[entitySet, default: [:]][key] = record
        changes.append((entitySet, key))
        return eTag
    }

    func sortedRecords(of entitySet: String) -> [Entity] {
        (sets[entitySet] ?? [:]).sorted { $0.key < $1.key }.map(\.value)
    }

    func forgetLinks(of record: String) { links = links.filter { $0.source != record && $0.target != record } }

    /// The key segment of `entity`, such as `('russellwhyte')`.
    func keySegment(of entity: Entity) throws -> String { try EntityKey.of(entity).urlSegment(version) }

    func notFound(_ path: String) -> ODataServiceError {
        ODataServiceError(statusCode: 404, code: "", message: "no record \(path)", request: "GET \(path)")
    }

    /// A copy of `entity`'s attributes and ETag, with no changes pending and no related records.
    static func copy(_ entity: Entity) -> Entity {
        let copy = type(of: entity).init()
        for (name, value) in entity.attributes { copy[name] = value }
        copy.eTag = entity.eTag
        copy.acceptChanges()
        return copy
    }
}
