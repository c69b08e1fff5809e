import DataverseModel
import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkTesting
import Testing

/// The client example of MobileSdkClient's DocC overview (MobileSdkClient.md), step by step, against recorded Dataverse
/// replies.
struct ReadmeClientExampleTests {
    @Test func theReadmeExampleWorksAsWritten() async throws {
        let accountId = IDs.account
        let created = IDs.createdContact
        let transport = ScriptedTransport(
            .status(
                204,
                headers: [
                    "OData-EntityId":
                        "https://contoso.crm.dynamics.com/api/data/v9.2/contacts(\(created.uuidString.lowercased()))"
                ]
            ),
            .json(
                #"{"@odata.etag":"W/\"1001\"","contactid":"\#(created.uuidString.lowercased())","emailaddress1":"ada@example.com","description":"Met at the analytical engine demo","_parentcustomerid_value":"\#(accountId.uuidString.lowercased())","_parentcustomerid_value@Microsoft.Dynamics.CRM.lookuplogicalname":"account","_parentcustomerid_value@OData.Community.Display.V1.FormattedValue":"Contoso"}"#
            ),
            .status(204, headers: ["ETag": "W/\"1002\""]),
            .json(
                #"{"@odata.count":2,"value":[{"contactid":"\#(created.uuidString.lowercased())"}],"@odata.nextLink":"https://contoso.crm.dynamics.com/api/data/v9.2/contacts?$skiptoken=2"}"#
            ),
            .json(#"{"value":[{"contactid":"\#(IDs.contact.uuidString.lowercased())"}]}"#),
            .status(204)
        )
        let client = ODataClient(
            ODataClient.Configuration(
                serviceRoot: TestClients.dataverseRoot,
                authentication: BearerTokenAuthentication { _ in "token" },
                transport: transport,
                registry: TestClients.dataverseRegistry,
                includeAnnotations: "*"
            )
        )

        let contact = Contact()
        contact.eMailAddress1 = "ada@example.com"
        contact.description = "Met at the analytical engine demo"
        contact.parentCustomerId = EntityReference(logicalName: "account", id: accountId)
        let location = try await client.create(contact)
        #expect(location.id == created)
        let createBody = try #require(
            try JSONSerialization.jsonObject(with: transport.requests[0].body ?? Data()) as? [String: Any]
        )
        #expect(
            createBody["parentcustomerid_account@odata.bind"] as? String
                == "/accounts(\(accountId.uuidString.lowercased()))"
        )

        let loaded = try await client.retrieve(
            Contact.self,
            id: try #require(location.id),
            select: ["emailaddress1", "description", "_parentcustomerid_value"]
        )
        #expect(loaded.parentCustomerId == EntityReference(logicalName: "account", id: accountId, name: "Contoso"))
        loaded.eMailAddress1 = "ada.king@example.com"
        loaded.description = nil
        try await client.update(loaded)
        let patch = transport.requests[2]
        #expect(patch.method == "PATCH" && patch[header: "If-Match"] == "W/\"1001\"")
        let patchBody = try #require(try JSONSerialization.jsonObject(with: patch.body ?? Data()) as? [String: Any])
        #expect(patchBody.keys.sorted() == ["description", "emailaddress1"])
        #expect(patchBody["description"] is NSNull)

        let query = ODataQuery(filter: "donotemail eq false", orderBy: ["fullname"], count: true)
        let all = try await client.retrieveAll(Contact.self, query: query)
        #expect(all.compactMap(\.contactId) == [created, IDs.contact])
        try await client.delete(loaded)
        #expect(transport.requests.last?.method == "DELETE")
        #expect(transport.requests.allSatisfy { $0[header: "Authorization"] == "Bearer token" })
    }
}
