/// What generated services (`…Service` structs) send their requests through; `ODataClient` conforms.
public protocol ODataServiceClient: Sendable {
    /// The entity with this key in `entitySet`.
    nonisolated(nonsending) func read<T: Entity>(_ type: T.Type, key: EntityKey, in entitySet: String) async throws -> T
    /// Every entity of `entitySet` the query matches, all pages.
    nonisolated(nonsending) func readAll<T: Entity>(_ query: Query<T>, in entitySet: String) async throws -> [T]
    /// The entity of a singleton.
    nonisolated(nonsending) func read<T: Entity>(_ type: T.Type, singleton: String) async throws -> T
    /// Creates the entity in `entitySet`.
    nonisolated(nonsending) func insert(_ entity: Entity, into entitySet: String) async throws -> EntityLocation
    /// Sends the entity's changes.
    nonisolated(nonsending) func save(_ entity: Entity, in entitySet: String) async throws
    /// Deletes the entity with this key.
    nonisolated(nonsending) func remove(_ type: Entity.Type, key: EntityKey, from entitySet: String) async throws
    /// Sends an operation request and reads its response.
    nonisolated(nonsending) func invoke<Operation: ODataOperation>(_ operation: Operation) async throws
        -> Operation.Response
}
