import Foundation
import MobileSdk

/// Reads with typed queries (``Query``), in the class's entity set unless another is named.
extension ODataClient {
    /// The first page of a typed query.
    nonisolated(nonsending) public func retrieveMultiple<T: Entity>(_ query: Query<T>, entitySet: String? = nil)
        async throws -> EntityPage<T>
    { try await retrieveMultiple(T.self, query: try encoding { try query.odataQuery(version) }, entitySet: entitySet) }

    /// Every entity a typed query matches, following next links.
    nonisolated(nonsending) public func retrieveAll<T: Entity>(_ query: Query<T>, entitySet: String? = nil) async throws
        -> [T]
    { try await retrieveAll(T.self, query: try encoding { try query.odataQuery(version) }, entitySet: entitySet) }

    /// The entity with this key, with the properties `query` selects and the related entities it expands (with
    /// their own options): `client.retrieve(Query<Contact>().select(\.fullName).expand(\.parentCustomerAccount),
    /// id: id)`. A filter, an order or paging do not apply to one entity and are refused.
    nonisolated(nonsending) public func retrieve<T: Entity>(_ query: Query<T>, key: EntityKey, entitySet: String? = nil)
        async throws -> T
    {
        let options = try encoding { try query.odataQuery(version) }
        guard options == ODataQuery(select: options.select, expand: options.expand) else {
            throw ODataClientError.invalidRequest("reading one \(T.self) takes only $select and $expand from its query")
        }
        return try await retrieve(
            T.self,
            key: key,
            select: options.select,
            expand: options.expand,
            entitySet: entitySet
        )
    }

    /// The entity with this GUID key, with what `query` selects and expands.
    nonisolated(nonsending) public func retrieve<T: Entity>(_ query: Query<T>, id: UUID) async throws -> T {
        try await retrieve(query, key: .id(id))
    }

    /// The pages of a typed query, fetched one at a time as they are iterated.
    public func pages<T: Entity>(_ query: Query<T>, entitySet: String? = nil) -> EntityPages<T> {
        EntityPages(
            client: self,
            query: Result { try encoding { try query.odataQuery(version) } },
            entitySet: entitySet,
            logicalName: nil
        )
    }
}
