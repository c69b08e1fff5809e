import Foundation
import MobileSdk
import ServiceAccess

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
        try await changesPage(type, path: try path(type, query: query, entitySet: entitySet))
    }

    /// The path of `query` over the entity set of `type`.
    private func path(_ type: Entity.Type, query: ODataQuery, entitySet: String?) throws -> String {
        let options = query.queryString(version)
        return URLText.path(try entitySetName(type, entitySet)) + (options.isEmpty ? "" : "?" + options)
    }

    /// A page of changes from a delta link, or the next page after one (a next link); on OData v4 services an
    /// expired or unknown token is answered `410 Gone` (an ``ODataServiceError`` with that status). With `tracking`
    /// false, a page of a plain result read the same way.
    nonisolated(nonsending) public func changes<T: Entity>(_ type: T.Type, link: String, tracking: Bool = true)
        async throws -> ChangesPage
    { try await changesPage(type, path: link, tracking: tracking) }

    /// A page read with change tracking as the service sent it, for readers that take its records one at a time
    /// (`ODataJSONDecoder.decodeRecords(_:from:delta:into:)`) instead of as a collection of entities.
    public struct ChangesBody: Sendable {
        /// The response body.
        public let body: Data
        /// Whether the service said it applied change tracking (`Preference-Applied`); a page with a delta link is
        /// tracked too.
        public let preferenceApplied: Bool
        let request: HTTPRequest

        /// A page the service sent in answer to `request` (which resolves its relative links and names it in
        /// errors): the body, and whether the service said it applied change tracking. Clients make these;
        /// a test's stand-in service does too.
        public init(body: Data, preferenceApplied: Bool, request: HTTPRequest) {
            self.body = body
            self.preferenceApplied = preferenceApplied
            self.request = request
        }

        /// Runs `decode` over the body; a malformed payload is an ``ODataClientError/invalidResponse(_:request:)``.
        package func decode<Result>(_ decode: (Data) throws -> Result) throws -> Result {
            do { return try decode(body) } catch let error as JSONPayloadError {
                throw ODataClientError.invalidResponse(error, request: request.summary)
            }
        }

        /// The page's next and delta links as absolute URLs; a link to another host is refused before anything
        /// follows it, since it would carry the credentials there.
        package func resolveLinks(in collection: inout EntityCollection, serviceRoot: URL) throws {
            for keyPath in [\EntityCollection.nextLink, \EntityCollection.deltaLink] {
                guard let link = collection[keyPath: keyPath] else { continue }
                guard let url = URL(string: link, relativeTo: request.url)?.absoluteURL,
                    CredentialRules.isSameOrigin(url, as: serviceRoot)
                else { throw ODataClientError.foreignHost(url: link, request: request.summary) }
                collection[keyPath: keyPath] = url.absoluteString
            }
        }
    }

    /// Like ``trackChanges(_:query:entitySet:)``, the page undecoded.
    nonisolated(nonsending) package func trackChangesBody<T: Entity>(
        _ type: T.Type,
        query: ODataQuery,
        entitySet: String? = nil
    ) async throws -> ChangesBody {
        try await changesBody(path: try path(type, query: query, entitySet: entitySet), tracking: true)
    }

    /// Like ``changes(_:link:tracking:)``, the page undecoded.
    nonisolated(nonsending) package func changesBody(link: String, tracking: Bool = true) async throws -> ChangesBody {
        try await changesBody(path: link, tracking: tracking)
    }

    private nonisolated(nonsending) func changesBody(path: String, tracking: Bool) async throws -> ChangesBody {
        var request = try request("GET", path)
        if version == .v4, tracking {
            request[header: "Prefer"] = [request[header: "Prefer"], "odata.track-changes"].compactMap { $0 }
                .joined(separator: ",")
        }
        let response = try await send(request)
        let applied = response[header: "Preference-Applied"]?.contains("odata.track-changes") ?? false
        return ChangesBody(body: response.body, preferenceApplied: applied, request: request)
    }

    private nonisolated(nonsending) func changesPage<T: Entity>(_ type: T.Type, path: String, tracking: Bool = true)
        async throws -> ChangesPage
    {
        let page = try await changesBody(path: path, tracking: tracking)
        let decoder = decoder
        var collection = try await decodingConcurrently(page.request) { try decoder.decodeDelta(type, from: page.body) }
        try page.resolveLinks(in: &collection, serviceRoot: configuration.serviceRoot)
        return ChangesPage(collection: collection, isTracked: page.preferenceApplied || collection.deltaLink != nil)
    }
}
