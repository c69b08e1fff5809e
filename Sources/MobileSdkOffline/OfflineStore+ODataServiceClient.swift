import Foundation
import MobileSdk

/// The store as the client of a generated service: `TripPinService(client: store)` reads the store and queues
/// changes where `TripPinService(client: odataClient)` talks to the service, so that a view model written against
/// the generated service works online or offline unchanged.
extension OfflineStore: ODataServiceClient {
    /// The stored record with this key; ``OfflineStoreError/notFound(_:)`` when the store has none.
    nonisolated(nonsending) public func read<T: Entity>(_ type: T.Type, key: EntityKey, in entitySet: String)
        async throws -> T
    {
        guard let entity = try entity(type, key: key) else {
            throw OfflineStoreError.notFound("no \(T.self) \(key) in \(entitySet) is stored")
        }
        return entity
    }

    /// The stored record with this key, with what the query selects and expands; ``OfflineStoreError/notFound(_:)``
    /// when the store has none.
    nonisolated(nonsending) public func read<T: Entity>(_ query: Query<T>, key: EntityKey, in entitySet: String)
        async throws -> T
    {
        guard let entity = try entity(query, key: key) else {
            throw OfflineStoreError.notFound("no \(T.self) \(key) in \(entitySet) is stored")
        }
        return entity
    }

    /// The stored records the query matches.
    nonisolated(nonsending) public func readAll<T: Entity>(_ query: Query<T>, in entitySet: String) async throws -> [T]
    { try fetch(query) }

    /// Singletons are not kept offline.
    nonisolated(nonsending) public func read<T: Entity>(_ type: T.Type, singleton: String) async throws -> T {
        throw OfflineStoreError.unsupportedOffline("the singleton \(singleton) is not kept offline")
    }

    /// Creates the record in the store and queues its create.
    nonisolated(nonsending) public func insert(_ entity: Entity, into entitySet: String) async throws -> EntityLocation
    {
        try create(entity)
        let table = try schema.table(for: type(of: entity))
        let key = try storeKey(of: entity, in: table)
        return EntityLocation(url: URLText.path(entitySet) + key, id: entity.recordId)
    }

    /// Stores the entity's changes and queues their update.
    nonisolated(nonsending) public func save(_ entity: Entity, in entitySet: String) async throws { try update(entity) }

    /// Removes the stored record with this key and queues its delete.
    nonisolated(nonsending) public func remove(_ type: Entity.Type, key: EntityKey, from entitySet: String) async throws
    {
        guard let entity = try entity(type, key: key) else {
            throw OfflineStoreError.notFound("no \(type) \(key) in \(entitySet) is stored")
        }
        try delete(entity)
    }

    /// Operations run on the service: offline they are refused.
    nonisolated(nonsending) public func invoke<Operation: ODataOperation>(_ operation: Operation) async throws
        -> Operation.Response
    { throw OfflineStoreError.unsupportedOffline("\(Operation.self) runs on the service, not in the offline store") }
}
