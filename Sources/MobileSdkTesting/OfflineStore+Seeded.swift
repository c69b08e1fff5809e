import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkOffline

extension OfflineStore {
    /// A store in memory holding `entities` as if a download had brought them (nothing is queued to upload), with
    /// the related entities they hold: the data of a test or a preview, without a service.
    ///
    /// Its tables are those of the entities' classes (related ones included) and of `types`, the classes a test
    /// creates records of without seeding any; `definingQueries`, `client`, `indexes` and `registry` are those of
    /// `OfflineStore.inMemory(types:definingQueries:client:indexes:registry:)`.
    public static func seeded(
        with entities: [Entity],
        types: [Entity.Type] = [],
        definingQueries: [DefiningQuery] = [],
        client: ODataClient? = nil,
        indexes: [StoreIndex] = [],
        registry: EntityRegistry = .shared
    ) throws -> OfflineStore {
        let store = try OfflineStore.inMemory(
            types: classes(of: entities, adding: types),
            definingQueries: definingQueries,
            client: client,
            indexes: indexes,
            registry: registry
        )
        try store.insertDownloaded(entities)
        return store
    }

    /// A store in memory seeded with the entities of a page of `type`: a fixture file's content in the JSON an
    /// OData service returns (what ``ODataPage/json(version:registry:)`` writes), read by the runtime's
    /// `ODataJSONDecoder` for `version`. The other parameters are those of
    /// ``seeded(with:types:definingQueries:client:indexes:registry:)``.
    public static func seeded<T: Entity>(
        page: Data,
        of type: T.Type,
        version: ODataVersion = .v4,
        types: [Entity.Type] = [],
        definingQueries: [DefiningQuery] = [],
        client: ODataClient? = nil,
        indexes: [StoreIndex] = [],
        registry: EntityRegistry = .shared
    ) throws -> OfflineStore {
        let decoded = try ODataJSONDecoder(version: version, registry: registry).decodeCollection(type, from: page)
        return try seeded(
            with: decoded.entities,
            types: [type] + types,
            definingQueries: definingQueries,
            client: client,
            indexes: indexes,
            registry: registry
        )
    }

    /// `types`, then the classes of `entities` and of the entities related to them, each once, in a fixed order.
    private static func classes(of entities: [Entity], adding types: [Entity.Type]) -> [Entity.Type] {
        var found = types
        var seen = Set(types.map(ObjectIdentifier.init))
        var pending = Array(entities.reversed())
        while let entity = pending.popLast() {
            let type = Swift.type(of: entity)
            if seen.insert(ObjectIdentifier(type)).inserted { found.append(type) }
            for name in entity.relatedEntities.keys.sorted() {
                pending += entity.relatedEntities[name]?.entities.reversed() ?? []
            }
        }
        return found
    }
}
