/// A query over the entities of a generated class, built from its typed properties:
///
/// ```swift
/// Query<Contact>()
///     .select(\.eMailAddress1, \.parentCustomerId)
///     .filter { $0.eMailAddress1.hasSuffix("@contoso.com") && $0.doNotEMail == false }
///     .orderBy(\.birthDate, descending: true)
///     .top(10)
/// ```
///
/// Property names, literals and the spellings of OData v2 and v4 come from the classes' metadata when the query is
/// sent; a value of the wrong type for a property does not compile.
public struct Query<Root: Entity>: Sendable {
    /// The options as a tree, independent of OData's syntax: what the offline store evaluates.
    public private(set) var tree = QueryTree()

    /// Creates a query without options: every entity of `Root`, with the properties the service returns by default.
    public init() {}

    /// Only these properties (`$select`); key properties come anyway on most services.
    public func select(_ properties: PartialKeyPath<Root>...) -> Query {
        var query = self
        query.tree.select += properties.map { PropertyPath.of($0) }
        return query
    }

    /// Only the entities the predicate holds for (`$filter`); several filters must all hold.
    public func filter(_ predicate: (Fields<Root, Root>) -> FilterExpression<Root>) -> Query {
        var query = self
        let node = predicate(Fields(prefix: [], depth: 0)).node
        query.tree.filter = query.tree.filter.map { FilterNode.and($0, node) } ?? node
        return query
    }

    /// Sorted by this property (`$orderby`), after the orderings given before.
    public func orderBy<Value>(_ property: KeyPath<Root, Value?>, descending: Bool = false) -> Query {
        var query = self
        query.tree.orderings.append(QueryTree.Ordering(path: PropertyPath.of(property), descending: descending))
        return query
    }

    /// With the related entity (`$expand`), read with its own query's options in OData v4.
    public func expand<Related: Entity>(
        _ navigation: KeyPath<Root, Related?>,
        _ query: (Query<Related>) -> Query<Related> = { $0 }
    ) -> Query { expanding(PropertyPath.of(navigation), query(Query<Related>()).tree) }

    /// With the related entities (`$expand`), read with their own query's options in OData v4.
    public func expand<Related: Entity>(
        _ navigation: KeyPath<Root, [Related]?>,
        _ query: (Query<Related>) -> Query<Related> = { $0 }
    ) -> Query { expanding(PropertyPath.of(navigation), query(Query<Related>()).tree) }

    private func expanding(_ path: PropertyPath, _ nested: QueryTree) -> Query {
        var query = self
        query.tree.expansions.append(QueryTree.Expansion(path: path, tree: nested))
        return query
    }

    /// At most this many entities (`$top`).
    public func top(_ count: Int) -> Query {
        var query = self
        query.tree.top = count
        return query
    }

    /// Skips this many entities (`$skip`).
    public func skip(_ count: Int) -> Query {
        var query = self
        query.tree.skip = count
        return query
    }

    /// With the number of matching entities (`$count=true`; `$inlinecount=allpages` in OData v2).
    public func withCount() -> Query {
        var query = self
        query.tree.count = true
        return query
    }

    /// The system query options for `version`.
    public func odataQuery(_ version: ODataVersion) throws -> ODataQuery { try tree.odataQuery(version) }
}

/// A query's options as a tree of property paths and values: ``Query`` builds it from key paths, a service gets it as
/// OData system query options, and the offline store evaluates it in SQL.
public struct QueryTree: Sendable {
    /// The properties of `$select`.
    public internal(set) var select: [PropertyPath] = []
    /// The filters, all of which must hold.
    public internal(set) var filter: FilterNode?
    /// The orderings of `$orderby`, first first.
    public internal(set) var orderings: [Ordering] = []
    /// The navigation properties of `$expand`, each with its own options.
    public internal(set) var expansions: [Expansion] = []
    /// `$top`.
    public internal(set) var top: Int?
    /// `$skip`.
    public internal(set) var skip: Int?
    /// Whether the number of matches is asked for.
    public internal(set) var count = false

    /// One ordering of `$orderby`.
    public struct Ordering: Sendable {
        /// The property sorted by.
        public let path: PropertyPath
        /// Largest first.
        public let descending: Bool
    }

    /// A navigation property to expand, with the options of its own query.
    public struct Expansion: Sendable {
        /// The navigation property.
        public let path: PropertyPath
        /// The related entities' own options (OData v4 only).
        public let tree: QueryTree
    }

    /// The system query options for `version`.
    public func odataQuery(_ version: ODataVersion) throws -> ODataQuery {
        var query = ODataQuery(top: top, skip: skip, count: count)
        // A party list is no property of the Web API's: its parties come with the activity's parties navigation.
        let parties = version == .v4 ? select.compactMap(\.partiesNavigation) : []
        query.select = try select.filter { version != .v4 || $0.partiesNavigation == nil }.map { try $0.text(version) }
        query.filter = try filter?.render(version)
        query.orderBy = try orderings.map { try $0.path.text(version) + ($0.descending ? " desc" : "") }
        query.expand = try expansions.map { expansion in
            let name = try expansion.path.text(version)
            let options = try expansion.tree.options(version)
            guard !options.isEmpty else { return name }
            guard version == .v4 else {
                throw ODataEncodingError(message: "OData v2 cannot take query options inside $expand (\(name))")
            }
            return name + "(" + options.joined(separator: ";") + ")"
        }
        for name in parties where !query.expand.contains(name) { query.expand.append(name) }
        return query
    }

    /// The options as `$name=value` for an expansion, unencoded.
    private func options(_ version: ODataVersion) throws -> [String] {
        let query = try odataQuery(version)
        var options: [String] = []
        if !query.select.isEmpty { options.append("$select=" + query.select.joined(separator: ",")) }
        if let filter = query.filter { options.append("$filter=" + filter) }
        if !query.orderBy.isEmpty { options.append("$orderby=" + query.orderBy.joined(separator: ",")) }
        if !query.expand.isEmpty { options.append("$expand=" + query.expand.joined(separator: ",")) }
        if let top = query.top { options.append("$top=\(top)") }
        if let skip = query.skip { options.append("$skip=\(skip)") }
        if query.count { options.append("$count=true") }
        return options
    }
}
