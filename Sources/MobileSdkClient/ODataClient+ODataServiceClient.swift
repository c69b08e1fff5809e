import Foundation
import MobileSdk

/// Generated services send their requests through the client.
extension ODataClient: ODataServiceClient {
    /// The entity of `type` with `key` in `entitySet`: ``retrieve(_:key:select:expand:entitySet:logicalName:)``.
    nonisolated(nonsending) public func read<T: Entity>(_ type: T.Type, key: EntityKey, in entitySet: String)
        async throws -> T
    { try await retrieve(type, key: key, entitySet: entitySet) }

    /// The entity with `key` in `entitySet`, with what `query` selects and expands: ``retrieve(_:key:entitySet:)``.
    nonisolated(nonsending) public func read<T: Entity>(_ query: Query<T>, key: EntityKey, in entitySet: String)
        async throws -> T
    { try await retrieve(query, key: key, entitySet: entitySet) }

    /// Every entity of `entitySet` that `query` matches, all pages: ``retrieveAll(_:entitySet:)``.
    nonisolated(nonsending)

        public func readAll<T: Entity>(_ query: Query<T>, in entitySet: String) async throws -> [T]
    { try await retrieveAll(query, entitySet: entitySet) }

    /// The entity of the singleton named `singleton` (a GET of its name under the service root), as `type`.
    nonisolated(nonsending)

        public func read<T: Entity>(_ type: T.Type, singleton: String) async throws -> T
    {
        let request = try request("GET", URLText.path(singleton))
        let response = try await send(request)
        return try decoding(request) { try decoder.decodeEntity(type, from: response.body) }
    }

    /// Creates `entity` in `entitySet` and returns its URL and id: ``create(_:entitySet:)``.
    nonisolated(nonsending)

        public func insert(_ entity: Entity, into entitySet: String) async throws -> EntityLocation
    { try await create(entity, entitySet: entitySet) }

    /// Sends the attributes of `entity` changed since it was loaded or saved, if any: ``update(_:entitySet:)``.
    nonisolated(nonsending)

        public func save(_ entity: Entity, in entitySet: String) async throws
    { try await update(entity, entitySet: entitySet) }

    /// Deletes the entity of `type` with `key` in `entitySet`: ``delete(_:key:entitySet:)``.
    nonisolated(nonsending)

        public func remove(_ type: Entity.Type, key: EntityKey, from entitySet: String) async throws
    { try await delete(type, key: key, entitySet: entitySet) }
}
