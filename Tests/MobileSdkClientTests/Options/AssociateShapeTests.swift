import CRM2011Model
import DataverseModel
import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkTesting
import Testing
import TripPinModel

/// `associate`: PUT `…/nav/$ref` for a single-valued navigation property, POST for a collection-valued one (OData v4
/// §11.4.6.1); PUT and POST on `$links` in OData v2. Shapes from "Associate and disassociate table rows using the
/// Web API".
struct AssociateShapeTests {
    private let root = "https://contoso.crm.dynamics.com/api/data/v9.2/"

    private func contact() -> DataverseModel.Contact {
        let contact = DataverseModel.Contact()
        contact.contactId = IDs.contact
        return contact
    }

    private func account() -> DataverseModel.Account {
        let account = DataverseModel.Account()
        account.accountId = IDs.account
        return account
    }

    @Test func aSingleValuedNavigationPropertyIsSetWithPut() async throws {
        let transport = ScriptedTransport(.status(204))
        try await TestClients.dataverse(transport)
            .associate(contact(), navigationProperty: "parentcustomerid_account", with: account())

        let request = try #require(transport.requests.first)
        #expect(request.method == "PUT")
        #expect(
            request.url.absoluteString == root
                + "contacts(\(IDs.contact.uuidString.lowercased()))/parentcustomerid_account/$ref"
        )
        #expect(request.bodyText == #"{"@odata.id":"\#(root)accounts(\#(IDs.account.uuidString.lowercased()))"}"#)
        #expect(request[header: "Content-Type"] == "application/json")
    }

    @Test func aCollectionValuedOneGainsTheTargetWithPost() async throws {
        let transport = ScriptedTransport(.status(204))
        try await TestClients.dataverse(transport)
            .associate(account(), navigationProperty: "new_account_contact_advisors", with: contact())

        let request = try #require(transport.requests.first)
        #expect(request.method == "POST")
        #expect(
            request.url.absoluteString == root
                + "accounts(\(IDs.account.uuidString.lowercased()))/new_account_contact_advisors/$ref"
        )
        #expect(request.bodyText == #"{"@odata.id":"\#(root)contacts(\#(IDs.contact.uuidString.lowercased()))"}"#)
    }

    @Test func aLateBoundEntityUsesItsRegisteredClass() async throws {
        let transport = ScriptedTransport(.status(204), .status(204))
        let client = TestClients.dataverse(transport)
        let lateContact = Entity(logicalName: "contact", id: IDs.contact)
        try await client.associate(
            lateContact,
            navigationProperty: "parentcustomerid_account",
            with: account(),
            entitySet: "contacts"
        )
        // Nothing registered for the logical name: no metadata, so POST as before.
        let unknown = Entity(logicalName: "new_unknown", id: IDs.project)
        try await client.associate(
            unknown,
            navigationProperty: "new_parent",
            with: account(),
            entitySet: "new_unknowns"
        )

        #expect(transport.requests.map(\.method) == ["PUT", "POST"])
        #expect(
            transport.requests.first?.url.absoluteString == root
                + "contacts(\(IDs.contact.uuidString.lowercased()))/parentcustomerid_account/$ref"
        )
    }

    @Test func tripPinBestFriendIsPutAndFriendsPosted() async throws {
        let transport = ScriptedTransport(.status(204), .status(204))
        let client = ODataClient(
            .init(
                serviceRoot: TestClients.tripPinRoot,
                transport: transport,
                retryPolicy: .none,
                registry: TestClients.tripPinRegistry
            )
        )
        let russell = Person()
        russell.setValue("russellwhyte", for: "UserName")
        let scott = Person()
        scott.setValue("scottketchum", for: "UserName")
        try await client.associate(russell, navigationProperty: "BestFriend", with: scott)
        try await client.associate(russell, navigationProperty: "Friends", with: scott)

        let requests = transport.requests
        #expect(requests.map(\.method) == ["PUT", "POST"])
        #expect(
            requests.map(\.url.absoluteString) == [
                "https://services.odata.org/V4/TripPinServiceRW/People('russellwhyte')/BestFriend/$ref",
                "https://services.odata.org/V4/TripPinServiceRW/People('russellwhyte')/Friends/$ref",
            ]
        )
        #expect(
            requests.first?.bodyText
                == #"{"@odata.id":"https://services.odata.org/V4/TripPinServiceRW/People('scottketchum')"}"#
        )
    }

    @Test func odataV2PutsASingleValuedLinkAndPostsToACollection() async throws {
        let transport = ScriptedTransport(.status(204), .status(204))
        let client = TestClients.crm2011(transport)
        let contact = CRM2011Model.Contact()
        contact.recordId = IDs.contact
        let account = CRM2011Model.Account()
        account.recordId = IDs.account
        try await client.associate(contact, navigationProperty: "contact_customer_accounts", with: account)
        try await client.associate(account, navigationProperty: "contact_customer_accounts", with: contact)

        let requests = transport.requests
        #expect(requests.map(\.method) == ["PUT", "POST"])
        let crm = TestClients.crm2011Root.absoluteString
        #expect(
            requests.first?.url.absoluteString == crm
                + "ContactSet(guid'\(IDs.contact.uuidString.lowercased())')/$links/contact_customer_accounts"
        )
        #expect(
            requests.first?.bodyText == #"{"uri":"\#(crm)AccountSet(guid'\#(IDs.account.uuidString.lowercased())')"}"#
        )
    }

    @Test func disassociatingASingleValuedOneNamesNoTarget() async throws {
        let transport = ScriptedTransport(.status(204), .status(204))
        let client = TestClients.dataverse(transport)
        try await client.disassociate(contact(), navigationProperty: "parentcustomerid_account", from: account())
        try await client.disassociate(account(), navigationProperty: "new_account_contact_advisors", from: contact())

        #expect(transport.requests.map(\.method) == ["DELETE", "DELETE"])
        let requests = transport.requests
        try #require(requests.count == 2)
        #expect(
            requests[0].url.absoluteString == root
                + "contacts(\(IDs.contact.uuidString.lowercased()))/parentcustomerid_account/$ref"
        )
        #expect(
            requests[1].url.path
                == "/api/data/v9.2/accounts(\(IDs.account.uuidString.lowercased()))/new_account_contact_advisors/$ref"
        )
        #expect(requests[1].queryValue("$id") == root + "contacts(\(IDs.contact.uuidString.lowercased()))")
    }
}
