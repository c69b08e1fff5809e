import Foundation
import MobileSdk

/// Reads with change tracking: a result with a delta link, and the changes made after it.
extension ODataClient {
    /// A page of a result read with change tracking.
    public struct ChangesPage {
        /// The entities added or changed, the records removed, the next link and, on the last page, the delta link.
        public var collection: EntityCollection
        /// Whether the service applied change tracking (`Preference-Applied: odata.track-changes`, or a delta link
        /// in the page); a service that ignores the preference answers with a plain result.
        public var isTracked: Bool
    }

    /// The first page of `query` read with change tracking (`Prefer: odata.track-changes` in OData v4; SAP
    /// Gateway's v2 services send a `!deltatoken` link where the entity set supports delta queries).
    nonisolated(nonsending) public func trackChanges<T: Entity>(
        _ type: T.Type,
        query: ODataQuery,
        entitySet: String? = nil
    ) async throws -> ChangesPage {
        let set = try entitySetName(type, entitySet)
        let options = query.queryString(version)
        return try await changesPage(type, path: URLText.path(set) + (options.isEmpty ? "" : "?" + options))
    }

    /// A page of changes from a delta link, or the next page after one (a next link); on OData v4 services an
    /// expired or unknown token is answered `410 Gone` (an ``ODataServiceError`` with that status). With `tracking`
    /// false, a page of a plain result read the same way.
    nonisolated(nonsending) public func changes<T: Entity>(_ type: T.Type, link: String, tracking: Bool = true)
        async throws -> ChangesPage
    { try await changesPage(type, path: link, tracking: tracking) }

    private nonisolated(nonsending) func changesPage<T: Entity>(_ type: T.Type, path: String, tracking: Bool = true)
        async throws -> ChangesPage
    {
        var request = try request("GET", path)
        if version == .v4, tracking {
            request[header: "Prefer"] = [request[header: "Prefer"], "odata.track-changes"].compactMap { $0 }
                .joined(separator: ",")
        }
        let response = try await send(request)
        let decoder = decoder
        var collection = try await decodingConcurrently(request) { try decoder.decodeDelta(type, from: response.body) }
        for keyPath in [\EntityCollection.nextLink, \EntityCollection.deltaLink] {
            guard let link = collection[keyPath: keyPath] else { continue }
            // Refuse before following: a link to another host would carry the credentials there.
            guard let url = URL(string: link, relativeTo: request.url)?.absoluteURL,
                ServiceRoot.isSameOrigin(url, as: configuration.serviceRoot)
            else { throw ODataClientError.foreignHost(url: link, request: request.summary) }
            collection[keyPath: keyPath] = url.absoluteString
        }
        let applied = response[header: "Preference-Applied"]?.contains("odata.track-changes") ?? false
        return ChangesPage(collection: collection, isTracked: applied || collection.deltaLink != nil)
    }
}
