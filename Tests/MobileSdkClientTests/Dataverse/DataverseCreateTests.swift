import DataverseModel
import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkTesting
import Testing

/// Creating Dataverse records: the POST body (lookups as `@odata.bind`), the 204 reply's `OData-EntityId`, and the
/// entity afterwards.
struct DataverseCreateTests {
    private func newContact() -> Contact {
        let contact = Contact()
        contact.eMailAddress1 = "susanna@contoso.example"
        contact.description = "Referred by Yvonne"
        contact.birthDate = DateOnly(year: 1990, month: 2, day: 28)
        contact.preferredContactMethodCode = .phone
        contact.parentCustomerId = EntityReference(logicalName: "account", id: IDs.account, name: "Fourth Coffee")
        return contact
    }

    private let created =
        "https://contoso.crm.dynamics.com/api/data/v9.2/contacts(d2b5e3c1-4f6a-4d7e-9fa0-1b2c3d4e5f60)"

    @Test func postsTheAttributesAndBindsTheLookup() async throws {
        let transport = ScriptedTransport(.status(204, headers: ["OData-Version": "4.0", "OData-EntityId": created]))
        let client = TestClients.dataverse(transport)
        try await client.create(newContact())

        let request = try #require(transport.requests.first)
        #expect(transport.requests.count == 1)
        #expect(request.method == "POST")
        #expect(request.url.absoluteString == "https://contoso.crm.dynamics.com/api/data/v9.2/contacts")
        #expect(request[header: "Content-Type"] == "application/json")
        #expect(request[header: "OData-Version"] == "4.0")
        #expect(request[header: "OData-MaxVersion"] == "4.0")
        let body = request.bodyObject
        #expect(
            body["parentcustomerid_account@odata.bind"] as? String == "/accounts(7a4814f9-b0b8-ea11-a812-000d3a122b89)"
        )
        #expect(body["parentcustomerid"] == nil)
        #expect(body["_parentcustomerid_value"] == nil)
        #expect(body["emailaddress1"] as? String == "susanna@contoso.example")
        #expect(body["description"] as? String == "Referred by Yvonne")
        #expect(body["birthdate"] as? String == "1990-02-28")
        #expect(body["preferredcontactmethodcode"] as? Int == 3)
        #expect(body.count == 5)
    }

    @Test func takesTheIdFromODataEntityIdAndLeavesNoPendingChanges() async throws {
        let transport = ScriptedTransport(.status(204, headers: ["OData-EntityId": created]))
        let client = TestClients.dataverse(transport)
        let contact = newContact()
        #expect(!contact.changedAttributeNames.isEmpty)

        let location = try await client.create(contact)

        #expect(location.url == created)
        #expect(location.id == IDs.createdContact)
        #expect(contact.recordId == IDs.createdContact)
        #expect(contact.contactId == IDs.createdContact)
        #expect(contact.changedAttributeNames.isEmpty)
    }

    @Test func anUpdateAfterTheCreateSendsNothing() async throws {
        let transport = ScriptedTransport(.status(204, headers: ["OData-EntityId": created]))
        let client = TestClients.dataverse(transport)
        let contact = newContact()
        try await client.create(contact)
        try await client.update(contact)
        #expect(transport.requests.count == 1)
    }

    @Test func aReplyWithoutLocationIsAnUnexpectedResponse() async throws {
        let transport = ScriptedTransport(.status(204))
        let client = TestClients.dataverse(transport)
        let contact = newContact()
        let error = await #expect(throws: ODataClientError.self) { try await client.create(contact) }
        guard case .unexpectedResponse(_, let request)? = error else {
            Issue.record("expected unexpectedResponse, got \(String(describing: error))")
            return
        }
        #expect(request == "POST https://contoso.crm.dynamics.com/api/data/v9.2/contacts")
        // Nothing was confirmed, so the changes stay pending for another try.
        #expect(!contact.changedAttributeNames.isEmpty)
    }

    @Test func aLookupToAnEntityItCannotReferToIsRefusedBeforeSending() async throws {
        let transport = ScriptedTransport()
        let client = TestClients.dataverse(transport)
        let contact = newContact()
        contact.parentCustomerId = EntityReference(logicalName: "systemuser", id: IDs.owner)
        await #expect(throws: ODataClientError.self) { try await client.create(contact) }
        #expect(transport.requests.isEmpty)
    }
}
