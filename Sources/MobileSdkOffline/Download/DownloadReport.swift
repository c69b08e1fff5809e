/// How a defining query's records are brought up to date.
public enum DownloadStrategy: String, Sendable, Hashable {
    /// OData v4 change tracking: the first read asks for it (`Prefer: odata.track-changes`), later ones follow the
    /// `@odata.deltaLink` and get only what changed and what was removed.
    case deltaLink
    /// SAP Gateway's delta queries (OData v2): later reads follow the `!deltatoken` link the first one gave.
    case deltaToken
    /// Every read reads the whole result; records the service no longer returns are removed by comparing keys.
    /// For services without change tracking, and for Dataverse queries it refuses with change tracking
    /// (`$filter`, `$orderby`, `$expand` or `$top`).
    case fullReadWithKeyDiff
}

/// What one download did.
public struct DownloadReport: Sendable, Hashable {
    /// What happened to one defining query.
    public struct QueryReport: Sendable, Hashable {
        /// The defining query's name.
        public let name: String
        /// How it was read, and will be next time.
        public let strategy: DownloadStrategy
        /// Whether this read was a delta (only changes) rather than the whole result.
        public let wasDelta: Bool
        /// Whether a delta link had expired (410 Gone, or refused) and the whole result was read instead.
        public let deltaExpired: Bool
        /// Whether the delta link kept from the last download named another service root than the client's (the
        /// service moved, or the store was opened for another one), so the whole result was read instead.
        public let serviceMoved: Bool
        /// The records received, added or changed.
        public let receivedCount: Int
        /// The records of the query (and of its expansions) removed from the store.
        public let removedCount: Int
        /// The records removed with the records that contained them (a removed person's trips, where `Trips`
        /// contains its targets), or because the record containing them no longer does: counted apart from
        /// ``removedCount``.
        public let removedContainedCount: Int
    }

    /// Each defining query's report, in the store's order.
    public let queries: [QueryReport]
}

/// How far a download is.
public struct DownloadProgress: Sendable, Hashable {
    /// The defining query being read.
    public let query: String
    /// Its place among the defining queries, from 0.
    public let queryIndex: Int
    /// The number of defining queries.
    public let queryCount: Int
    /// The records of this query received so far.
    public let receivedCount: Int
    /// The records this query reads, where the service counted them (a whole read: `$count`, SAP's `__count`);
    /// nil for a delta, and where the service gives no count or only a bound (Dataverse counts 5,000 at most).
    public let totalCount: Int?
    /// Whether this query reads only what changed since the last download.
    public let isDelta: Bool

    /// The progress of a download at the query `query`, the `queryIndex`th of `queryCount`, which received
    /// `receivedCount` of `totalCount` records (for previews and tests).
    public init(
        query: String,
        queryIndex: Int,
        queryCount: Int,
        receivedCount: Int,
        totalCount: Int? = nil,
        isDelta: Bool = false
    ) {
        self.query = query
        self.queryIndex = queryIndex
        self.queryCount = queryCount
        self.receivedCount = receivedCount
        self.totalCount = totalCount
        self.isDelta = isDelta
    }

    /// How much of the whole download is done, from 0 to 1: the queries before this one whole, this one by its
    /// records received of ``totalCount``; nil while this query's total is unknown (show the progress as
    /// indeterminate, with ``receivedCount``).
    public var fractionCompleted: Double? {
        guard let totalCount, queryCount > 0 else { return nil }
        let query = totalCount == 0 ? 1 : min(1, Double(receivedCount) / Double(totalCount))
        return (Double(queryIndex) + query) / Double(queryCount)
    }
}
