import DataverseModel
import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkTesting
import Testing

/// Updating Dataverse records: PATCH with only the changed attributes, nulls for cleared ones, and `If-Match`.
struct DataverseUpdateTests {
    private let contactURL =
        "https://contoso.crm.dynamics.com/api/data/v9.2/contacts(c1a4f2d0-3e5b-4c6d-8e9f-0a1b2c3d4e5f)"

    /// A contact as a retrieve returns it (with its `@odata.etag`), and the transport that will answer the update.
    private func loadedContact() async throws -> (Contact, ScriptedTransport, ODataClient) {
        let transport = ScriptedTransport(.payload("dataverse-contact"))
        let client = TestClients.dataverse(transport)
        let contact = try await client.retrieve(Contact.self, id: IDs.contact)
        #expect(contact.changedAttributeNames.isEmpty)
        transport.enqueue(.response(HTTPResponse(statusCode: 204, headerFields: ["ETag": "W/\"4711090\""])))
        return (contact, transport, client)
    }

    @Test func sendsOnlyTheChangedAttributes() async throws {
        let (contact, transport, client) = try await loadedContact()
        contact.eMailAddress1 = "yvonne.mckay@contoso.example"
        contact.description = nil
        try await client.update(contact)

        let request = try #require(transport.requests.last)
        #expect(transport.requests.count == 2)
        #expect(request.method == "PATCH")
        #expect(request.url.absoluteString == contactURL)
        let body = request.bodyObject
        #expect(Set(body.keys) == ["emailaddress1", "description"])
        #expect(body["emailaddress1"] as? String == "yvonne.mckay@contoso.example")
        #expect(body["description"] is NSNull)
        #expect(request.bodyText.contains("\"description\":null"))
    }

    @Test func sendsTheETagTheRecordWasReadWith() async throws {
        let (contact, transport, client) = try await loadedContact()
        #expect(contact.eTag == "W/\"4711023\"")
        contact.doNotEMail = true
        try await client.update(contact)
        #expect(transport.requests.last?[header: "If-Match"] == "W/\"4711023\"")
        // The reply's ETag is the version to send next time.
        #expect(contact.eTag == "W/\"4711090\"")
        #expect(contact.changedAttributeNames.isEmpty)
    }

    @Test func withoutAnETagTheUpdateOnlyAppliesToAnExistingRecord() async throws {
        let transport = ScriptedTransport(.status(204))
        let client = TestClients.dataverse(transport)
        let contact = Contact()
        contact.contactId = IDs.contact
        contact.acceptChanges()
        contact.eMailAddress1 = "yvonne@contoso.example"
        try await client.update(contact)

        let request = try #require(transport.requests.first)
        #expect(request[header: "If-Match"] == "*")
        #expect(request.bodyObject.keys.sorted() == ["emailaddress1"])
    }

    @Test func clearingALookupUnbindsItsNavigationProperty() async throws {
        let (contact, transport, client) = try await loadedContact()
        contact.parentCustomerId = nil
        try await client.update(contact)

        let body = try #require(transport.requests.last).bodyObject
        #expect(Set(body.keys) == ["parentcustomerid_account@odata.bind"])
        #expect(body["parentcustomerid_account@odata.bind"] is NSNull)
    }

    @Test func changingALookupBindsTheNewRecord() async throws {
        let (contact, transport, client) = try await loadedContact()
        contact.parentCustomerId = EntityReference(logicalName: "account", id: IDs.secondAccount)
        try await client.update(contact)

        let body = try #require(transport.requests.last).bodyObject
        #expect(
            body as? [String: String] == [
                "parentcustomerid_account@odata.bind": "/accounts(7b4814f9-b0b8-ea11-a812-000d3a122b89)"
            ]
        )
    }

    @Test func nothingChangedSendsNothing() async throws {
        let (contact, transport, client) = try await loadedContact()
        try await client.update(contact)
        #expect(transport.requests.count == 1)
    }

    @Test func aFailedUpdateKeepsTheChangesPending() async throws {
        let transport = ScriptedTransport(.payload("dataverse-contact"))
        let client = TestClients.dataverse(transport)
        let contact = try await client.retrieve(Contact.self, id: IDs.contact)
        transport.enqueue(
            .json(
                #"{"error":{"code":"0x80060882","message":"The version of the existing record doesn't match the RowVersion property provided."}}"#,
                status: 412
            )
        )
        contact.eMailAddress1 = "changed@contoso.example"

        let error = await #expect(throws: ODataServiceError.self) { try await client.update(contact) }
        #expect(error?.statusCode == 412)
        #expect(contact.changedAttributeNames == ["emailaddress1"])
    }
}
