import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkOffline

/// A service in memory for an offline store to download from and upload to, without HTTP: records per entity set
/// served in pages of ``pageSize`` with next and delta links, the changes made since a delta link, and creates,
/// updates, deletes and links answered with ETags, as an OData service does. Give it to
/// `OfflineStore.inMemory(types:definingQueries:service:indexes:registry:)` (or `OfflineStore(at:service:…)`).
///
/// ```swift
/// let service = InMemoryService(pageSize: 2)
/// try service.seed([ana, ben, cleo], in: "People")
/// let store = try OfflineStore.inMemory(types: [], definingQueries: [people], service: service)
/// try await store.download()                       // two pages, then a delta link
/// try service.modify(Person.self, key: EntityKey("ana"), in: "People") { $0.age = 41 }
/// try await store.download()                       // the delta: Ana's change
/// ```
///
/// A test changes the records as another user would (``put(_:in:)``, ``modify(_:key:in:_:)``,
/// ``remove(_:from:)``), which the next delta shows and which makes a change made against the older version a
/// conflict (412); it can make requests fail (``fail(_:times:where:)``: an error status, throttling, an unreachable
/// service, an answer lost after the change was made), and checks what the store sent in ``requests``.
///
/// Query options other than paging and counting are not applied: a page holds every record of the entity set, in
/// key order, without related records. A record is kept without the records related to it.
/// It is safe to use from any task.
public final class InMemoryService: SyncService, @unchecked Sendable {
    /// The root the service's links are under.
    public let serviceRoot: URL
    /// The OData version of its pages.
    public let version: ODataVersion
    /// The classes its pages are written with.
    public let registry: EntityRegistry
    /// How a delta page writes removed records.
    public let removalFormat: ODataPage.RemovalFormat
    /// The client's rule for throttled answers and its waits (a `TestClock`'s, say): a throttled request is tried
    /// again as a client would try it.
    public let retryPolicy: RetryPolicy

    let lock = NSLock()
    var sets: [String: [String: Entity]] = [:]
    /// The record each change touched, in order: a delta link's token is the count of changes it has seen.
    var changes: [(entitySet: String, key: String)] = []
    var oldestValidToken = 0
    var lastETag = 0
    var links: Set<Link> = []
    var seen: [Request] = []
    var failures: [ScriptedFailure] = []
    var answers: [String: Result<HTTPResponse, ODataServiceError>] = [:]
    var size: Int
    var tracking: Bool
    var reachable = true

    /// A link between two records, each named `EntitySet(key)`.
    struct Link: Hashable {
        var source: String
        var navigationProperty: String
        var target: String
    }

    /// The root of a service that does not exist, for links that must name one.
    public static let exampleRoot = URL(string: "https://service.example/odata/") ?? URL(filePath: "/")

    /// Creates an empty service at `serviceRoot` speaking `version`, serving pages of `pageSize` records, tracking
    /// changes (delta links) unless `tracksChanges` is false, writing removals as `removalFormat`, trying throttled
    /// requests again by `retryPolicy` (none by default), and writing pages with the classes of `registry`.
    public init(
        serviceRoot: URL = InMemoryService.exampleRoot,
        version: ODataVersion = .v4,
        pageSize: Int = 100,
        tracksChanges: Bool = true,
        removalFormat: ODataPage.RemovalFormat = .deletedEntity,
        retryPolicy: RetryPolicy = .none,
        registry: EntityRegistry = .shared
    ) {
        self.serviceRoot = serviceRoot.withTrailingSlash
        self.version = version
        self.registry = registry
        self.removalFormat = removalFormat
        self.retryPolicy = retryPolicy
        size = max(1, pageSize)
        tracking = tracksChanges
    }

    /// The number of records a page holds (at least 1).
    public var pageSize: Int {
        get { locked { size } }
        set { locked { size = max(1, newValue) } }
    }

    /// Whether a read asked to track changes ends with a delta link; false for a service that cannot, which the
    /// store reads whole each time and diffs by key.
    public var tracksChanges: Bool {
        get { locked { tracking } }
        set { locked { tracking = newValue } }
    }

    /// Whether the service can be reached; when not, every request fails as an unreachable host's does
    /// (`ODataClientError.unreachable`), and nothing reaches the service.
    public var isReachable: Bool {
        get { locked { reachable } }
        set { locked { reachable = newValue } }
    }

    /// Every request the service was sent, in order, the failed ones and retries included.
    public var requests: [Request] { locked { seen } }

    /// Forgets the requests seen so far.
    public func clearRequests() { locked { seen.removeAll() } }

    func locked<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
