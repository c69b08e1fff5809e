/// A page of entities: a query result, or the entities related through one navigation property.
public struct EntityCollection {
    /// The entities of this page, in the order the service returned them.
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
    /// Whether ``totalRecordCount`` stopped at the service's limit and the records are more (Dataverse counts 5,000
    /// at most: `@Microsoft.Dynamics.CRM.totalrecordcountlimitexceeded`).
    public var totalRecordCountLimitExceeded = false
    /// The link that reads the changes made after this result (`@odata.deltaLink`; SAP's `__delta`, a
    /// `!deltatoken` link), on the last page of a result read with change tracking.
    public var deltaLink: String?
    /// The records a delta result reports as removed (read by ``ODataJSONDecoder/decodeDelta(_:from:logicalName:)``).
    public var removedEntities: [RemovedEntity] = []

    /// Creates a page holding `entities`, whose logical name is `entityName` when they share one; there are no more
    /// records, and the paging cookie, next link and count are nil.
    public init(entities: [Entity] = [], entityName: String? = nil) {
        self.entities = entities
        self.entityName = entityName
        moreRecords = false
    }
}
