import DataverseModel
import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkTesting
import Testing

/// Upserting Dataverse records: PATCH to the key (or an alternate key) with every attribute and no precondition, so
/// the service creates the record or updates it.
struct DataverseUpsertTests {
    @Test func upsertByAlternateKey() async throws {
        let transport = ScriptedTransport(
            .status(
                204,
                headers: [
                    "OData-EntityId":
                        "https://contoso.crm.dynamics.com/api/data/v9.2/accounts(\(IDs.account.uuidString.lowercased()))"
                ]
            )
        )
        let client = TestClients.dataverse(transport)
        let account = Account()
        account.name = "Fourth Coffee"
        account.numberOfEmployees = 120

        try await client.upsert(account, key: EntityKey(["accountnumber": .string("A-1'7")]))

        let request = try #require(transport.requests.first)
        #expect(request.method == "PATCH")
        #expect(
            request.url.absoluteString
                == "https://contoso.crm.dynamics.com/api/data/v9.2/accounts(accountnumber='A-1''7')"
        )
        #expect(request[header: "If-Match"] == nil && request[header: "If-None-Match"] == nil)
        #expect(Set(request.bodyObject.keys) == ["name", "numberofemployees"])
        #expect(account.changedAttributeNames.isEmpty)
    }

    @Test func upsertByTheEntitysOwnKey() async throws {
        let transport = ScriptedTransport(.status(204))
        let client = TestClients.dataverse(transport)
        let account = Account()
        account.recordId = IDs.account
        account.name = "Fourth Coffee"

        try await client.upsert(account)

        let request = try #require(transport.requests.first)
        #expect(request.url.absoluteString.hasSuffix("/accounts(\(IDs.account.uuidString.lowercased()))"))
        #expect(request.bodyObject["name"] as? String == "Fourth Coffee")
    }

    @Test func anEntityWithoutItsKeyCannotBeUpserted() async throws {
        let client = TestClients.dataverse(ScriptedTransport())
        await #expect(throws: ODataClientError.self) { try await client.upsert(Account()) }
    }
}
