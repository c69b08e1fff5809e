import DataverseModel
import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkTesting
import Testing

/// Server-driven paging: `retrieveAll` and `pages` follow `@odata.nextLink` exactly as the service wrote it.
struct DataversePagingTests {
    private func pagedTransport() -> ScriptedTransport {
        ScriptedTransport(.payload("dataverse-accounts-page1"), .payload("dataverse-accounts-page2"))
    }

    @Test func retrieveAllFollowsTheNextLink() async throws {
        let transport = pagedTransport()
        let client = TestClients.dataverse(transport, maximumPageSize: 2)
        let accounts = try await client.retrieveAll(Account.self, query: ODataQuery(select: ["name"]))

        #expect(accounts.map(\.recordId) == [IDs.account, IDs.secondAccount, IDs.thirdAccount, IDs.fourthAccount])
        #expect(accounts.map(\.name) == ["Fourth Coffee", "Litware, Inc.", "Adventure Works", "Blue Yonder Airlines"])
        #expect(transport.requests.count == 2)

        let first = try #require(transport.requests.first)
        #expect(first.url.absoluteString == "https://contoso.crm.dynamics.com/api/data/v9.2/accounts?$select=name")
        #expect(first[header: "Prefer"] == "odata.include-annotations=\"*\",odata.maxpagesize=2")

        let nextLink =
            try #require(
                try JSONSerialization.jsonObject(with: Payloads.data("dataverse-accounts-page1")) as? [String: Any]
            )["@odata.nextLink"] as? String
        let second = try #require(transport.requests.last)
        #expect(second.url.absoluteString == nextLink)
        #expect(second[header: "Prefer"] == "odata.include-annotations=\"*\",odata.maxpagesize=2")
    }

    @Test func pagesArriveOneAtATime() async throws {
        let transport = pagedTransport()
        let client = TestClients.dataverse(transport)
        var sizes: [Int] = []
        for try await page in client.pages(Account.self, query: ODataQuery(select: ["name"])) {
            sizes.append(page.entities.count)
            #expect(transport.requests.count == sizes.count)
        }
        #expect(sizes == [2, 2])
    }

    @Test func theQueryOptionsAreEncoded() async throws {
        let transport = ScriptedTransport(.payload("dataverse-accounts-page2"))
        let client = TestClients.dataverse(transport)
        let query = ODataQuery(
            select: ["name", "revenue"],
            filter: "startswith(name,'Fourth C') and revenue gt 1000",
            orderBy: ["name desc"],
            top: 5,
            count: true
        )
        let page = try await client.retrieveMultiple(Account.self, query: query)

        #expect(page.nextLink == nil)
        #expect(!page.moreRecords)
        let request = try #require(transport.requests.first)
        #expect(request.queryValue("$filter") == "startswith(name,'Fourth C') and revenue gt 1000")
        #expect(request.queryValue("$orderby") == "name desc")
        #expect(request.queryValue("$top") == "5")
        #expect(request.queryValue("$count") == "true")
        #expect(request.url.query?.contains(" ") == false)
    }
}
