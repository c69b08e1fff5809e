import MobileSdk

/// One page of a query's results.
public struct EntityPage<T: Entity> {
    /// The page's entities, in the service's order; any not of class `T` are left out.
    public var entities: [T]
    /// The link to the next page, when there is one.
    public var nextLink: String?
    /// The number of matches, when asked for.
    public var totalCount: Int?
    /// Whether ``totalCount`` stopped at the service's limit and the matches are more (Dataverse counts 5,000 at most).
    public var totalCountLimitExceeded: Bool
    /// Dataverse FetchXML: the paging cookie for the next page.
    public var pagingCookie: String?
    /// Whether the service has more results after this page.
    public var moreRecords: Bool

    init(_ collection: EntityCollection) {
        entities = collection.entities.compactMap { $0 as? T }
        nextLink = collection.nextLink
        totalCount = collection.totalRecordCount
        totalCountLimitExceeded = collection.totalRecordCountLimitExceeded
        pagingCookie = collection.pagingCookie
        moreRecords = collection.moreRecords
    }
}
