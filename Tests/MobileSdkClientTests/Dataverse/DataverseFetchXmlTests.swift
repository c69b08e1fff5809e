import DataverseModel
import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkTesting
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif

/// FetchXML paging: `fetchAll` follows `@Microsoft.Dynamics.CRM.morerecords` with the page number and the decoded
/// paging cookie.
struct DataverseFetchXmlTests {
    private let fetchXml = """
        <fetch version="1.0" count="2" mapping="logical"><entity name="account"><attribute name="name"/><attribute name="accountid"/><order attribute="accountid"/></entity></fetch>
        """

    /// The first page's cookie, percent-decoded twice.
    private let firstCookie =
        #"<cookie page="1"><accountid last="{7B4814F9-B0B8-EA11-A812-000D3A122B89}" first="{7A4814F9-B0B8-EA11-A812-000D3A122B89}" /></cookie>"#

    private func pagedTransport() -> ScriptedTransport {
        ScriptedTransport(.payload("dataverse-fetch-page1"), .payload("dataverse-fetch-page2"))
    }

    @Test func fetchAllFollowsMoreRecords() async throws {
        let transport = pagedTransport()
        let accounts = try await TestClients.dataverse(transport).fetchAll(Account.self, fetchXml: fetchXml)

        #expect(accounts.map(\.name) == ["Fourth Coffee", "Litware, Inc.", "Adventure Works"])
        #expect(Set(accounts.compactMap(\.recordId)).count == 3)
        #expect(transport.requests.count == 2)
        #expect(
            transport.requests.allSatisfy { $0.method == "GET" && $0.url.path.hasSuffix("/api/data/v9.2/accounts") }
        )
    }

    @Test func theFirstRequestAsksForPageOneWithoutACookie() async throws {
        let transport = pagedTransport()
        _ = try await TestClients.dataverse(transport).fetchAll(Account.self, fetchXml: fetchXml)

        let fetch = try FetchElement(try #require(transport.requests.first?.queryValue("fetchXml")))
        #expect(fetch.attributes["page"] == "1")
        #expect(fetch.attributes["paging-cookie"] == nil)
        #expect(fetch.attributes["count"] == "2")
        #expect(fetch.attributes["mapping"] == "logical")
        #expect(fetch.entityName == "account")
    }

    @Test func theSecondRequestCarriesPageTwoAndTheDecodedCookie() async throws {
        let transport = pagedTransport()
        _ = try await TestClients.dataverse(transport).fetchAll(Account.self, fetchXml: fetchXml)

        let text = try #require(transport.requests.last?.queryValue("fetchXml"))
        #expect(text.contains(#"page="2""#))
        let fetch = try FetchElement(text)
        #expect(fetch.attributes["page"] == "2")
        #expect(fetch.attributes["paging-cookie"] == firstCookie)
        #expect(fetch.attributes["count"] == "2")
        #expect(fetch.entityName == "account")
    }

    @Test func onePageReturnsTheCookieForTheNext() async throws {
        let transport = pagedTransport()
        let client = TestClients.dataverse(transport)
        let first = try await client.fetch(Account.self, fetchXml: fetchXml)
        #expect(first.moreRecords)
        #expect(first.pagingCookie == firstCookie)
        #expect(first.entities.count == 2)

        let second = try await client.fetch(Account.self, fetchXml: fetchXml, page: 2, pagingCookie: first.pagingCookie)
        #expect(!second.moreRecords)
        #expect(second.entities.map(\.recordId) == [IDs.thirdAccount])
    }

    @Test func withoutAnnotationsConfiguredItAsksForThePagingAnnotations() async throws {
        let transport = pagedTransport()
        _ = try await TestClients.dataverse(transport, includeAnnotations: nil)
            .fetchAll(Account.self, fetchXml: fetchXml)
        let prefer = try #require(transport.requests.first?[header: "Prefer"])
        #expect(prefer.contains("Microsoft.Dynamics.CRM.fetchxmlpagingcookie"))
        #expect(prefer.contains("Microsoft.Dynamics.CRM.morerecords"))
    }

    @Test func aFailedSecondPageSaysHowFarItGot() async throws {
        let transport = ScriptedTransport(
            .payload("dataverse-fetch-page1"),
            .payload("dataverse-error-throttled", status: 500)
        )
        let error = await #expect(throws: ODataClientError.self) {
            try await TestClients.dataverse(transport).fetchAll(Account.self, fetchXml: fetchXml)
        }
        guard case .pagingInterrupted(let count, _, let underlying)? = error else {
            Issue.record("expected pagingInterrupted, got \(String(describing: error))")
            return
        }
        #expect(count == 2)
        #expect((underlying as? ODataServiceError)?.statusCode == 500)
    }
}

/// The `<fetch>` element of a FetchXML query, read with an XML parser.
private struct FetchElement {
    var attributes: [String: String] = [:]
    var entityName: String?

    struct Malformed: Error {}

    init(_ text: String) throws {
        let reader = Reader()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = reader
        guard parser.parse() else { throw Malformed() }
        attributes = reader.fetch
        entityName = reader.entity
    }

    private final class Reader: NSObject, XMLParserDelegate {
        var fetch: [String: String] = [:]
        var entity: String?

        func parser(
            _ parser: XMLParser,
            didStartElement elementName: String,
            namespaceURI: String?,
            qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            if elementName == "fetch" { fetch = attributes }
            if elementName == "entity" { entity = attributes["name"] }
        }
    }
}
