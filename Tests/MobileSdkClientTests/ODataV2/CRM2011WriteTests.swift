import CRM2011Model
import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkTesting
import Testing

/// Writing to CRM 2011 `OrganizationData.svc` (OData v2): MERGE tunnelled through POST with only the changed fields,
/// and creates read back from the body.
struct CRM2011WriteTests {
    private let accountURL =
        "https://crm.contoso.com/Contoso/XRMServices/2011/OrganizationData.svc/AccountSet(guid'7a4814f9-b0b8-ea11-a812-000d3a122b89')"

    @Test func updateIsAPostWithMergeAndOnlyTheChangedFields() async throws {
        let transport = ScriptedTransport(.payload("crm2011-account"), .status(204))
        let client = TestClients.crm2011(transport)
        let account = try await client.retrieve(Account.self, id: IDs.account)
        account.name = "Fourth Coffee Roasters"
        account.revenue = Money(Decimal(string: "2000.75")!)
        account.industryCode = OptionSetValue(7)
        account.parentAccountId = EntityReference(logicalName: "account", id: IDs.secondAccount)
        account.accountNumber = nil
        try await client.update(account)

        #expect(transport.requests.count == 2)
        let request = try #require(transport.requests.last)
        #expect(request.method == "POST")
        #expect(request[header: "X-HTTP-Method"] == "MERGE")
        #expect(request.url.absoluteString == accountURL)
        #expect(request[header: "If-Match"] == nil)
        #expect(request[header: "DataServiceVersion"] == "2.0")
        #expect(request[header: "Content-Type"] == "application/json")
        let body = request.bodyObject
        #expect(Set(body.keys) == ["Name", "Revenue", "IndustryCode", "ParentAccountId", "AccountNumber"])
        #expect(body["Name"] as? String == "Fourth Coffee Roasters")
        #expect(body["Revenue"] as? [String: String] == ["Value": "2000.75"])
        #expect(body["IndustryCode"] as? [String: Int] == ["Value": 7])
        #expect(
            body["ParentAccountId"] as? [String: String] == [
                "Id": "7b4814f9-b0b8-ea11-a812-000d3a122b89", "LogicalName": "account",
            ]
        )
        #expect(body["AccountNumber"] is NSNull)
        #expect(account.changedAttributeNames.isEmpty)
    }

    @Test func clearingCRMComplexValuesSendsTheirNullForms() async throws {
        let transport = ScriptedTransport(.payload("crm2011-account"), .status(204))
        let client = TestClients.crm2011(transport)
        let account = try await client.retrieve(Account.self, id: IDs.account)
        account.revenue = nil
        account.ownerId = nil
        try await client.update(account)

        let body = try #require(transport.requests.last).bodyObject
        #expect(Set(body.keys) == ["Revenue", "OwnerId"])
        #expect((body["Revenue"] as? [String: Any])?["Value"] is NSNull)
        #expect((body["OwnerId"] as? [String: Any])?["Id"] is NSNull)
    }

    @Test func createReadsTheNewIdFromTheReturnedEntity() async throws {
        let transport = ScriptedTransport(.payload("crm2011-created-account", status: 201))
        let client = TestClients.crm2011(transport)
        let account = Account()
        account.name = "Blue Yonder Airlines"
        account.revenue = Money(Decimal(string: "1500.25")!)
        account.industryCode = OptionSetValue(2)
        let location = try await client.create(account)

        #expect(location.id == IDs.fourthAccount)
        #expect(account.recordId == IDs.fourthAccount)
        #expect(account.changedAttributeNames.isEmpty)
        let request = try #require(transport.requests.first)
        #expect(request.method == "POST")
        #expect(request[header: "X-HTTP-Method"] == nil)
        #expect(
            request.url.absoluteString
                == "https://crm.contoso.com/Contoso/XRMServices/2011/OrganizationData.svc/AccountSet"
        )
        #expect(
            request.bodyText
                == #"{"IndustryCode":{"Value":2},"Name":"Blue Yonder Airlines","Revenue":{"Value":"1500.25"}}"#
        )
    }

    @Test func deleteAddressesTheGuidKeyWithoutPrecondition() async throws {
        let transport = ScriptedTransport(.status(204))
        let account = Account()
        account.accountId = IDs.account
        try await TestClients.crm2011(transport).delete(account)

        let request = try #require(transport.requests.first)
        #expect(request.method == "DELETE")
        #expect(request.url.absoluteString == accountURL)
        #expect(request[header: "If-Match"] == nil)
    }
}
