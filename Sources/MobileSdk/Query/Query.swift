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
public struct Query<Root: Entity> {
    var select: [PropertyPath] = []
    var filters: [FilterNode] = []
    var orderings: [(path: PropertyPath, descending: Bool)] = []
    var expansions: [Expansion] = []
    var top: Int?
    var skip: Int?
    var count = false

    /// A navigation property to expand, with the options of its own query.
    struct Expansion {
        let path: PropertyPath
        let options: (ODataVersion) throws -> [String]
    }

    /// Creates a query without options: every entity of `Root`, with the properties the service returns by default.
    public init() {}

    /// Only these properties (`$select`); key properties come anyway on most services.
    public func select(_ properties: PartialKeyPath<Root>...) -> Query {
        var query = self
        query.select += properties.map { PropertyPath.of($0) }
        return query
    }

    /// Only the entities the predicate holds for (`$filter`); several filters must all hold.
    public func filter(_ predicate: (Fields<Root, Root>) -> FilterExpression<Root>) -> Query {
        var query = self
        query.filters.append(predicate(Fields(prefix: [], depth: 0)).node)
        return query
    }

    /// Sorted by this property (`$orderby`), after the orderings given before.
    public func orderBy<Value>(_ property: KeyPath<Root, Value?>, descending: Bool = false) -> Query {
        var query = self
        query.orderings.append((PropertyPath.of(property), descending))
        return query
    }

    /// With the related entity (`$expand`), read with its own query's options in OData v4.
    public func expand<Related: Entity>(
        _ navigation: KeyPath<Root, Related?>,
        _ query: (Query<Related>) -> Query<Related> = { $0 }
    ) -> Query { expanding(PropertyPath.of(navigation), query(Query<Related>())) }

    /// With the related entities (`$expand`), read with their own query's options in OData v4.
    public func expand<Related: Entity>(
        _ navigation: KeyPath<Root, [Related]?>,
        _ query: (Query<Related>) -> Query<Related> = { $0 }
    ) -> Query { expanding(PropertyPath.of(navigation), query(Query<Related>())) }

    private func expanding<Related>(_ path: PropertyPath, _ nested: Query<Related>) -> Query {
        var query = self
        query.expansions.append(Expansion(path: path, options: { try nested.options($0) }))
        return query
    }

    /// At most this many entities (`$top`).
    public func top(_ count: Int) -> Query {
        var query = self
        query.top = count
        return query
    }

    /// Skips this many entities (`$skip`).
    public func skip(_ count: Int) -> Query {
        var query = self
        query.skip = count
        return query
    }

    /// With the number of matching entities (`$count=true`; `$inlinecount=allpages` in OData v2).
    public func withCount() -> Query {
        var query = self
        query.count = true
        return query
    }

    /// The system query options for `version`.
    public func odataQuery(_ version: ODataVersion) throws -> ODataQuery {
        var query = ODataQuery(top: top, skip: skip, count: count)
        query.select = try select.map { try $0.text(version) }
        if !filters.isEmpty {
            let combined = filters.dropFirst().reduce(filters[0]) { FilterNode.and($0, $1) }
            query.filter = try combined.render(version)
        }
        query.orderBy = try orderings.map { try $0.path.text(version) + ($0.descending ? " desc" : "") }
        query.expand = try expansions.map { expansion in
            let name = try expansion.path.text(version)
            let options = try expansion.options(version)
            guard !options.isEmpty else { return name }
            guard version == .v4 else {
                throw ODataEncodingError(message: "OData v2 cannot take query options inside $expand (\(name))")
            }
            return name + "(" + options.joined(separator: ";") + ")"
        }
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
