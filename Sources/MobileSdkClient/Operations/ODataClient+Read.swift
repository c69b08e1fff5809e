import Foundation
import MobileSdk
import ServiceAccess

extension ODataClient {
    /// The entity with this key, as `type` (or a registered class derived from it).
    ///
    /// `entitySet` defaults to the class's; late-bound reads (`Entity.self`) name it and the entity's `logicalName`.
    nonisolated(nonsending) public func retrieve<T: Entity>(
        _ type: T.Type,
        key: EntityKey,
        select: [String] = [],
        expand: [String] = [],
        entitySet: String? = nil,
        logicalName: String? = nil
    ) async throws -> T {
        let request = try readRequest(type, key: key, select: select, expand: expand, entitySet: entitySet)
        let response = try await send(request)
        let decoder = decoder
        let entity = try await decodingConcurrently(request) {
            try decoder.decodeEntity(type, from: response.body, logicalName: logicalName)
        }
        if entity.eTag == nil { entity.eTag = response[header: "ETag"] }
        return entity
    }

    /// The GET ``retrieve(_:key:select:expand:entitySet:logicalName:)`` sends, for ``batch(_:)``.
    public func readRequest(
        _ type: Entity.Type,
        key: EntityKey,
        select: [String] = [],
        expand: [String] = [],
        entitySet: String? = nil
    ) throws -> HTTPRequest {
        let set = try entitySetName(type, entitySet)
        let query = ODataQuery(select: select, expand: expand).queryString(version)
        return try request(
            "GET",
            URLText.path(set) + (try key.urlSegment(version)) + (query.isEmpty ? "" : "?" + query)
        )
    }

    /// Reads `entity`'s record again and puts what the service has into the same object (`Entity.reload(from:)`),
    /// so that views showing it update; changes not saved are gone. `expand` names related entities to read along.
    nonisolated(nonsending) public func reload(_ entity: Entity, expand: [String] = [], entitySet: String? = nil)
        async throws
    {
        let type = type(of: entity)
        let fresh = try await retrieve(
            type,
            key: try key(of: entity),
            expand: expand,
            entitySet: entitySet,
            logicalName: entity.logicalName
        )
        entity.reload(from: fresh)
    }

    /// The entity with this GUID key.
    nonisolated(nonsending) public func retrieve<T: Entity>(
        _ type: T.Type,
        id: UUID,
        select: [String] = [],
        expand: [String] = []
    ) async throws -> T { try await retrieve(type, key: .id(id), select: select, expand: expand) }

    /// The first page of a query.
    nonisolated(nonsending) public func retrieveMultiple<T: Entity>(
        _ type: T.Type,
        query: ODataQuery = ODataQuery(),
        entitySet: String? = nil,
        logicalName: String? = nil
    ) async throws -> EntityPage<T> {
        let set = try entitySetName(type, entitySet)
        let options = query.queryString(version)
        return try await page(
            type,
            path: URLText.path(set) + (options.isEmpty ? "" : "?" + options),
            logicalName: logicalName
        )
    }

    /// The next page after `page`, or nil when it was the last.
    nonisolated(nonsending) public func nextPage<T: Entity>(after page: EntityPage<T>, logicalName: String? = nil)
        async throws -> EntityPage<T>?
    {
        guard let link = page.nextLink else { return nil }
        return try await self.page(T.self, path: link, logicalName: logicalName)
    }

    /// Every entity a query matches, following next links: all pages, or an error naming how far it got.
    nonisolated(nonsending) public func retrieveAll<T: Entity>(
        _ type: T.Type,
        query: ODataQuery = ODataQuery(),
        entitySet: String? = nil,
        logicalName: String? = nil
    ) async throws -> [T] {
        var page = try await retrieveMultiple(type, query: query, entitySet: entitySet, logicalName: logicalName)
        var entities = page.entities
        while let link = page.nextLink {
            do { page = try await self.page(type, path: link, logicalName: logicalName) } catch let error
                as CancellationError
            { throw error } catch {
                throw ODataClientError.pagingInterrupted(
                    receivedCount: entities.count,
                    nextLink: link,
                    underlying: error
                )
            }
            entities += page.entities
        }
        return entities
    }

    /// The pages of a query, fetched one at a time as they are iterated.
    public func pages<T: Entity>(
        _ type: T.Type,
        query: ODataQuery = ODataQuery(),
        entitySet: String? = nil,
        logicalName: String? = nil
    ) -> EntityPages<T> {
        EntityPages(client: self, query: .success(query), entitySet: entitySet, logicalName: logicalName)
    }

    /// One page from a path or next link, which must be on the service's host.
    nonisolated(nonsending) func page<T: Entity>(_ type: T.Type, path: String, logicalName: String?) async throws
        -> EntityPage<T>
    {
        let request = try request("GET", path)
        let response = try await send(request)
        let decoder = decoder
        let collection = try await decodingConcurrently(request) {
            try decoder.decodeCollection(type, from: response.body, logicalName: logicalName)
        }
        var page = EntityPage<T>(collection)
        if let link = page.nextLink {
            // Refuse before following: a next link to another host would carry the credentials there.
            guard let url = URL(string: link, relativeTo: request.url)?.absoluteURL,
                CredentialRules.isSameOrigin(url, as: configuration.serviceRoot)
            else { throw ODataClientError.foreignHost(url: link, request: request.summary) }
            page.nextLink = url.absoluteString
        }
        return page
    }

    /// The entity set of `type`, or the one given.
    func entitySetName(_ type: Entity.Type, _ given: String?) throws -> String {
        guard let set = given ?? type.entitySetName else {
            throw ODataClientError.unaddressable("\(type) has no entity set; pass entitySet:")
        }
        return set
    }
}
