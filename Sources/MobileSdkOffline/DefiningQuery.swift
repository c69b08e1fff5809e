import MobileSdk

/// A named query whose results the store keeps on the device: what `download()` reads from the service, written as
/// the typed queries of the generated classes.
///
/// ```swift
/// DefiningQuery("open opportunities", Query<Opportunity>()
///     .filter { $0.stateCode == .open }
///     .expand(\.parentAccountId) { $0.select(\.name) })
/// ```
public struct DefiningQuery: Sendable {
    /// The query's name, which the store remembers its delta link and its records by.
    public let name: String
    /// The entity set the query reads.
    public let entitySet: String
    /// The class of the records it reads.
    public let entityType: Entity.Type
    /// The query's options.
    public let tree: QueryTree

    /// A defining query named `name` reading `query` from `entitySet` (the class's own entity set by default).
    ///
    /// `$top`, `$skip` and `$count` make no sense for data kept on the device and are left out of what is sent.
    public init<T: Entity>(_ name: String, _ query: Query<T>, entitySet: String? = nil) {
        self.name = name
        self.entitySet = entitySet ?? T.entitySetName ?? T.entityLogicalName
        entityType = T.self
        tree = query.tree
    }

    /// The query's options for `version`, as sent on a full read.
    func options(_ version: ODataVersion) throws -> ODataQuery {
        var options = try tree.odataQuery(version)
        options.top = nil
        options.skip = nil
        options.count = false
        return options
    }
}
