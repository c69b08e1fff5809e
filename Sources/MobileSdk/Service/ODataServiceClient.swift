/// What generated services (`…Service` structs) send their requests through; `ODataClient` conforms.
public protocol ODataServiceClient: Sendable {
    /// The entity with this key in `entitySet`.
    nonisolated(nonsending) func read<T: Entity>(_ type: T.Type, key: EntityKey, in entitySet: String) async throws -> T
    /// The entity with this key in `entitySet`, with the properties `query` selects and the related entities it
    /// expands; a client that cannot select returns the whole entity (the default).
    nonisolated(nonsending) func read<T: Entity>(_ query: Query<T>, key: EntityKey, in entitySet: String) async throws
        -> T
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

extension ODataServiceClient {
    /// The whole entity with this key: for clients that read no `$select` or `$expand`.
    nonisolated(nonsending) public func read<T: Entity>(_ query: Query<T>, key: EntityKey, in entitySet: String)
        async throws -> T
    { try await read(T.self, key: key, in: entitySet) }
}
