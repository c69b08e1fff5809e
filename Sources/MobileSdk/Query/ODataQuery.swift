/// The system query options of a read: `$select`, `$filter`, `$orderby`, `$expand`, `$top`, `$skip`, `$count`
/// (`$inlinecount=allpages` in OData v2), and any custom options.
public struct ODataQuery: Sendable, Equatable {
    /// Property names for `$select`, e.g. `["name", "revenue"]`; empty leaves `$select` out.
    public var select: [String] = []
    /// A filter expression in OData syntax, e.g. `startswith(Name,'Con') and Revenue gt 1000`.
    public var filter: String?
    /// Orderings such as `"Name"` or `"createdon desc"`.
    public var orderBy: [String] = []
    /// Navigation properties to expand, with nested options in v4 syntax, e.g. `"Friends($select=FirstName)"`.
    public var expand: [String] = []
    /// `$top`: the most entities to return; nil for no limit.
    public var top: Int?
    /// `$skip`: how many matching entities to leave out before the first one returned; nil for none.
    public var skip: Int?
    /// Asks for the total number of matches.
    public var count = false
    /// Other options, as name and value, in order.
    public var custom: [CustomOption] = []

    /// A query option that is not a system option, sent as `name=value`, e.g. Dataverse's `fetchXml`.
    public struct CustomOption: Sendable, Equatable {
        /// The option's name as sent, e.g. `fetchXml`.
        public var name: String
        /// The option's value, not yet percent-encoded.
        public var value: String

        /// Creates the option `name=value`; both are percent-encoded when the query string is built.
        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    /// Creates options with these values; by default none is set and the query string is empty.
    public init(
        select: [String] = [],
        filter: String? = nil,
        orderBy: [String] = [],
        expand: [String] = [],
        top: Int? = nil,
        skip: Int? = nil,
        count: Bool = false,
        custom: [CustomOption] = []
    ) {
        self.select = select
        self.filter = filter
        self.orderBy = orderBy
        self.expand = expand
        self.top = top
        self.skip = skip
        self.count = count
        self.custom = custom
    }

    /// The query string without `?`, values percent-encoded; empty when no option is set.
    public func queryString(_ version: ODataVersion) -> String {
        var options: [(String, String)] = []
        if !select.isEmpty { options.append(("$select", select.joined(separator: ","))) }
        if let filter { options.append(("$filter", filter)) }
        if !orderBy.isEmpty { options.append(("$orderby", orderBy.joined(separator: ","))) }
        if !expand.isEmpty { options.append(("$expand", expand.joined(separator: ","))) }
        if let top { options.append(("$top", String(top))) }
        if let skip { options.append(("$skip", String(skip))) }
        if count { options.append(version == .v2 ? ("$inlinecount", "allpages") : ("$count", "true")) }
        options += custom.map { ($0.name, $0.value) }
        return options.map { URLText.query($0.0) + "=" + URLText.query($0.1) }.joined(separator: "&")
    }
}
