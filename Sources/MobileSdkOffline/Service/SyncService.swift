import Foundation
import MobileSdk
import MobileSdkClient

/// The service an ``OfflineStore`` downloads from and uploads to, as the store sees it: pages of its defining
/// queries and of their changes, the changes an upload sends, a record read back, and a stream's content.
///
/// `ODataClient` is one, sending HTTP requests with its credentials, retries and throttling rules; a test's stand-in
/// (`InMemoryService` of MobileSdkTesting) is another, so that the store's download, queue and upload can be tested
/// without a server. Failures are those the client throws: an error status is an `ODataServiceError` (410 for an
/// expired delta link, 412 for a change made against an older version), an unreachable service an
/// `ODataClientError` whose `isUnreachable` is set.
public protocol SyncService: Sendable {
    /// The service root: links outside it are never followed.
    var serviceRoot: URL { get }
    /// The OData version of the query strings the store builds and the payloads it reads.
    var version: ODataVersion { get }

    /// The page `link` leads to, as the service sent it: a query's first page (relative to the service root, e.g.
    /// `People?$count=true`), a next link or a delta link. With `tracking`, the service is asked to track changes
    /// (OData v4's `Prefer: odata.track-changes`), so that the last page carries a delta link.
    nonisolated(nonsending) func page(at link: String, tracking: Bool) async throws -> ODataClient.ChangesBody

    /// Sends one change and returns the service's answer (its status, `ETag`, `Location` or `OData-EntityId`, and
    /// body); an error status throws.
    nonisolated(nonsending) func send(_ change: ServiceChange) async throws -> HTTPResponse

    /// The record of `type` with `key` in `entitySet` as the service has it now; a 404 `ODataServiceError` when it
    /// has none.
    nonisolated(nonsending) func read<T: Entity>(_ type: T.Type, key: EntityKey, in entitySet: String) async throws -> T

    /// Writes the content of `stream` to `destination`, replacing it.
    nonisolated(nonsending) func downloadStream(_ stream: StreamReference, to destination: URL) async throws
        -> DownloadedStream
}
