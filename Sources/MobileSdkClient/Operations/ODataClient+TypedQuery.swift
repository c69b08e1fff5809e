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
