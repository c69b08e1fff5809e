import Foundation
import MobileSdk

extension ODataClient {
    /// One page of a Dataverse FetchXML query (`GET entityset?fetchXml=…`). `page` and `pagingCookie` are set on the
    /// query's `<fetch>` element; the result's ``EntityPage/pagingCookie`` is the cookie for the page after it.
    nonisolated(nonsending) public func fetch<T: Entity>(
        _ type: T.Type,
        fetchXml: String,
        page: Int = 1,
        pagingCookie: String? = nil,
        entitySet: String? = nil,
        logicalName: String? = nil
    ) async throws -> EntityPage<T> {
        let set = try entitySetName(type, entitySet)
        let query = try FetchXMLPaging.query(fetchXml, page: page, cookie: pagingCookie)
        var preferences = configuration.preferences
        // The paging annotations come only when asked for; other preferences (page size) stay.
        if preferences.includeAnnotations == nil {
            preferences.includeAnnotations =
                "Microsoft.Dynamics.CRM.fetchxmlpagingcookie,Microsoft.Dynamics.CRM.morerecords"
        }
        let request = try request(
            "GET",
            URLText.path(set) + "?fetchXml=" + URLText.query(query),
            preferences: preferences
        )
        let response = try await send(request)
        let collection = try decoding(request) {
            try decoder.decodeCollection(type, from: response.body, logicalName: logicalName)
        }
        var result = EntityPage<T>(collection)
        result.pagingCookie = collection.pagingCookie.flatMap { FetchXMLPaging.nextPage($0).cookie }
        return result
    }

    /// Every record a FetchXML query returns, page after page with the paging cookie.
    nonisolated(nonsending) public func fetchAll<T: Entity>(
        _ type: T.Type,
        fetchXml: String,
        entitySet: String? = nil,
        logicalName: String? = nil
    ) async throws -> [T] {
        var pageNumber = 1
        var page = try await fetch(type, fetchXml: fetchXml, entitySet: entitySet, logicalName: logicalName)
        var entities = page.entities
        while page.moreRecords {
            pageNumber += 1
            do {
                page = try await fetch(
                    type,
                    fetchXml: fetchXml,
                    page: pageNumber,
                    pagingCookie: page.pagingCookie,
                    entitySet: entitySet,
                    logicalName: logicalName
                )
            } catch let error as CancellationError { throw error } catch {
                throw ODataClientError.pagingInterrupted(
                    receivedCount: entities.count,
                    nextLink: "FetchXML page \(pageNumber)",
                    underlying: error
                )
            }
            entities += page.entities
        }
        return entities
    }
}
