import CRM2011Model
import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkTesting
import Testing

/// Reading CRM 2011 `OrganizationData.svc` (OData v2 verbose JSON): `d`, `results`, `__next`, `__metadata`,
/// `/Date(ms)/` and CRM's complex values.
struct CRM2011ReadTests {
    private let root = "https://crm.contoso.com/Contoso/XRMServices/2011/OrganizationData.svc/"

    @Test func retrievesByGuidKeyWithV2Headers() async throws {
        let transport = ScriptedTransport(.payload("crm2011-account"))
        _ = try await TestClients.crm2011(transport)
            .retrieve(Account.self, id: IDs.account, expand: ["contact_customer_accounts"])

        let request = try #require(transport.requests.first)
        #expect(
            request.url.absoluteString == root
                + "AccountSet(guid'7a4814f9-b0b8-ea11-a812-000d3a122b89')?$expand=contact_customer_accounts"
        )
        #expect(request[header: "DataServiceVersion"] == "2.0")
        #expect(request[header: "MaxDataServiceVersion"] == "2.0")
        #expect(request[header: "OData-Version"] == nil)
        #expect(request[header: "Prefer"] == nil)
    }

    @Test func readsCRMComplexValuesIntoRuntimeTypes() async throws {
        let account = try await TestClients.crm2011(ScriptedTransport(.payload("crm2011-account")))
            .retrieve(Account.self, id: IDs.account)

        #expect(account.recordId == IDs.account)
        #expect(account.name == "Fourth Coffee")
        #expect(account.revenue == Money(Decimal(string: "125000.5")!))
        #expect(account.industryCode == OptionSetValue(4))
        #expect(account.ownerId == EntityReference(logicalName: "systemuser", id: IDs.owner, name: "Nancy Anderson"))
        // An EntityReference without an id is an empty lookup.
        #expect(account["ParentAccountId"] == .null)
        #expect(account.parentAccountId == nil)
        #expect(account.createdOn == Date(timeIntervalSince1970: 1_709_285_400))
        #expect(account.changedAttributeNames.isEmpty)
    }

    @Test func expandedResultsLandInTheNavigationProperty() async throws {
        let account = try await TestClients.crm2011(ScriptedTransport(.payload("crm2011-account")))
            .retrieve(Account.self, id: IDs.account)

        let contacts = try #require(account.contactCustomerAccounts)
        #expect(contacts.map(\.fullName) == ["Yvonne McKay"])
        #expect(contacts.first?.birthDate == Date(timeIntervalSince1970: 482_112_000))
        // A deferred link is not an expansion.
        #expect(account.opportunityParentAccounts == nil)
    }

    @Test func retrieveAllFollowsNext() async throws {
        let transport = ScriptedTransport(
            .payload("crm2011-opportunities-page1"),
            .payload("crm2011-opportunities-page2")
        )
        let client = TestClients.crm2011(transport)
        let opportunities = try await client.retrieveAll(
            Opportunity.self,
            query: ODataQuery(select: ["Name", "EstimatedValue"], count: true)
        )

        #expect(opportunities.map(\.recordId) == [IDs.account, IDs.secondAccount, IDs.thirdAccount])
        #expect(transport.requests.count == 2)
        let first = try #require(transport.requests.first)
        #expect(first.url.absoluteString == root + "OpportunitySet?$select=Name,EstimatedValue&$inlinecount=allpages")
        let page1 = try #require(
            try JSONSerialization.jsonObject(with: Payloads.data("crm2011-opportunities-page1")) as? [String: Any]
        )
        let next = try #require((page1["d"] as? [String: Any])?["__next"] as? String)
        #expect(transport.requests.last?.url.absoluteString == next)
    }

    @Test func theFirstPageHasTheCountAndTheNextLink() async throws {
        let client = TestClients.crm2011(ScriptedTransport(.payload("crm2011-opportunities-page1")))
        let page = try await client.retrieveMultiple(Opportunity.self, query: ODataQuery(count: true))
        #expect(page.totalCount == 3)
        #expect(page.moreRecords)
        #expect(page.nextLink?.hasPrefix(root + "OpportunitySet?") == true)
    }

    @Test func decimalsMoneyAndInt64ArriveAsStrings() async throws {
        let client = TestClients.crm2011(ScriptedTransport(.payload("crm2011-opportunities-page1")))
        let page = try await client.retrieveMultiple(Opportunity.self)
        let first = try #require(page.entities.first)
        let second = try #require(page.entities.last)

        #expect(first.estimatedValue == Money(48_000))
        #expect(first.newDiscountRate == Decimal(string: "0.125"))
        #expect(first.versionNumber == 9_007_199_254_740_993)
        #expect(first.estimatedCloseDate == Date(timeIntervalSince1970: 1_719_705_600))
        #expect(first.statusCode == OptionSetValue(1))
        #expect(first.customerId == EntityReference(logicalName: "contact", id: IDs.contact, name: "Yvonne McKay"))
        // `{"Value": null}` is an empty money value.
        #expect(second["EstimatedValue"] == .null)
        #expect(second["new_DiscountRate"] == .null)
        #expect(second.customerId?.logicalName == "account")
    }

    @Test func aV2ErrorPayloadIsTheServicesError() async throws {
        let client = TestClients.crm2011(ScriptedTransport(.payload("crm2011-error", status: 404)))
        let error = await #expect(throws: ODataServiceError.self) {
            try await client.retrieve(Account.self, id: IDs.account)
        }
        #expect(error?.statusCode == 404)
        #expect(error?.code == "")
        #expect(error?.message == "Account With Id = 7a4814f9-b0b8-ea11-a812-000d3a122b89 Does Not Exist")
        #expect(error?.request == "GET " + root + "AccountSet(guid'7a4814f9-b0b8-ea11-a812-000d3a122b89')")
    }
}
