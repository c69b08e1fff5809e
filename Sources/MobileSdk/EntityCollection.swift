/// A page of entities: a query result, or the entities related through one navigation property.
public struct EntityCollection {
    public var entities: [Entity]
    /// The logical name of the entities, when they all have the same.
    public var entityName: String?
    /// Whether the service has more records after this page.
    public var moreRecords: Bool
    /// The cookie to send for the next page.
    public var pagingCookie: String?
    /// The URL of the next page (`@odata.nextLink`, `__next`), as the service wrote it.
    public var nextLink: String?
    /// The number of records matching the query, when requested.
    public var totalRecordCount: Int?

    public init(entities: [Entity] = [], entityName: String? = nil) {
        self.entities = entities
        self.entityName = entityName
        moreRecords = false
    }
}
