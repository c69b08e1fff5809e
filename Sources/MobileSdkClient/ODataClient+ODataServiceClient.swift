import Foundation
import MobileSdk

/// Generated services send their requests through the client.
extension ODataClient: ODataServiceClient {
    nonisolated(nonsending) public func read<T: Entity>(_ type: T.Type, key: EntityKey, in entitySet: String)
        async throws -> T
    { try await retrieve(type, key: key, entitySet: entitySet) }

    nonisolated(nonsending)

        public func readAll<T: Entity>(_ query: Query<T>, in entitySet: String) async throws -> [T]
    { try await retrieveAll(query, entitySet: entitySet) }

    nonisolated(nonsending)

        public func read<T: Entity>(_ type: T.Type, singleton: String) async throws -> T
    {
        let request = try request("GET", URLText.path(singleton))
        let response = try await send(request)
        return try decoding(request) { try decoder.decodeEntity(type, from: response.body) }
    }

    nonisolated(nonsending)

        public func insert(_ entity: Entity, into entitySet: String) async throws -> EntityLocation
    { try await create(entity, entitySet: entitySet) }

    nonisolated(nonsending)

        public func save(_ entity: Entity, in entitySet: String) async throws
    { try await update(entity, entitySet: entitySet) }

    nonisolated(nonsending)

        public func remove(_ type: Entity.Type, key: EntityKey, from entitySet: String) async throws
    { try await delete(type, key: key, entitySet: entitySet) }
}
