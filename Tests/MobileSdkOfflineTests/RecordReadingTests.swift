import DataverseModel
import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkOffline
import MobileSdkTesting
import Testing

/// A download reads records from the page's bytes straight into their rows, and falls back to entities for records
/// it cannot read that way: either way the store must hold what the entity decoder reads from the same page.
@Suite struct RecordReadingTests {
    init() { GeneratedEntities.register() }

    /// Serves one page for every read.
    static func onePage(_ body: Data) -> ScriptedTransport {
        let transport = ScriptedTransport()
        transport.route("GET", "", repeatsLast: true, .json(body))
        return transport
    }

    static let formatted = "@OData.Community.Display.V1.FormattedValue"
    static let logicalName = "@Microsoft.Dynamics.CRM.lookuplogicalname"

    /// Contacts in the shapes Dataverse sends: annotations before and after their values, upper-case GUIDs, escapes,
    /// numbers as strings, nulls, missing columns, a lookup without its annotations (the metadata's one target
    /// names it), a record with a property the class does not declare and one with an expanded relation (both read
    /// as entities).
    static let page = """
        {"@odata.context": "https://org.crm.dynamics.com/api/data/v9.2/$metadata#contacts", "value": [
          {"@odata.etag": "W/\\"101\\"", "contactid": "0C1F2A3B-4D5E-6F70-8192-A3B4C5D6E7F8",
           "fullname": "Ana \\"Ani\\" Mart\\u00edn\\nSecond line", "firstname": "Ana", "lastname": "Martín",
           "address1_latitude": 47.6062, "donotemail": true, "birthdate": "1990-02-28",
           "preferredcontactmethodcode": 2, "preferredcontactmethodcode\(formatted)": "Email",
           "_parentcustomerid_value\(formatted)": "Contoso Ltd", "_parentcustomerid_value\(logicalName)": "account",
           "_parentcustomerid_value": "11111111-2222-3333-4444-555555555555",
           "_ownerid_value": "AAAAAAAA-BBBB-CCCC-DDDD-EEEEEEEEEEEE", "_ownerid_value\(logicalName)": "systemuser",
           "_ownerid_value\(formatted)": "Hana Sato"},
          {"@odata.etag": "W/\\"102\\"", "contactid": "21111111-2222-3333-4444-555555555555", "fullname": null,
           "address1_latitude": "1.5E2", "donotemail": false, "birthdate": null, "preferredcontactmethodcode": null,
           "_parentcustomerid_value": "31111111-2222-3333-4444-555555555555", "_ownerid_value": null},
          {"contactid": "41111111-2222-3333-4444-555555555555", "fullname": "Open", "new_unknowncolumn": 5},
          {"contactid": "51111111-2222-3333-4444-555555555555", "fullname": "Expanded",
           "parentcustomerid_account": {"accountid": "61111111-2222-3333-4444-555555555555", "name": "Fabrikam",
             "revenue": 1234.50, "numberofemployees": "42", "new_servicechannels": "1,3"}}
        ]}
        """

    @Test func aPageReadValueByValueHoldsWhatItsEntitiesHold() async throws {
        let body = Data(Self.page.utf8)
        let root = try #require(URL(string: "https://org.crm.dynamics.com/api/data/v9.2/"))
        let client = ODataClient(ODataClient.Configuration(serviceRoot: root, transport: Self.onePage(body)))
        let query = Query<Contact>().expand(\.parentCustomerAccount)
        let downloaded = try OfflineStore.inMemory(
            types: [Contact.self, Account.self],
            definingQueries: [DefiningQuery("contacts", query)],
            client: client
        )
        let report = try await downloaded.download()
        #expect(report.queries.first?.receivedCount == 4)

        let decoded = try ODataJSONDecoder().decodeCollection(Contact.self, from: body).entities
        let inserted = try OfflineStore.inMemory(types: [Contact.self, Account.self])
        try inserted.insertDownloaded(decoded + decoded.compactMap { ($0 as? Contact)?.parentCustomerAccount })

        let contacts = try downloaded.fetch(Query<Contact>().orderBy(\.contactId))
        let expected = try inserted.fetch(Query<Contact>().orderBy(\.contactId))
        #expect(contacts.count == 4)
        for (contact, entity) in zip(contacts, expected) {
            #expect(contact.attributes == entity.attributes, "\(contact.contactId?.uuidString ?? "?")")
            #expect(contact.eTag == entity.eTag)
        }
        let first = try #require(contacts.first)
        #expect(first.fullName == "Ana \"Ani\" Martín\nSecond line")
        #expect(first.parentCustomerId?.logicalName == "account" && first.parentCustomerId?.name == "Contoso Ltd")
        #expect(first.ownerId?.logicalName == "systemuser" && first.ownerId?.name == "Hana Sato")
        // A lookup without its annotations takes the one target its metadata names.
        #expect(contacts[1].parentCustomerId?.logicalName == "account")
        #expect(contacts[1].address1Latitude == 150)

        let accounts = try downloaded.fetch(Query<Account>())
        let expectedAccounts = try inserted.fetch(Query<Account>())
        #expect(accounts.map(\.attributes) == expectedAccounts.map(\.attributes))
        #expect(accounts.first?.revenue?.value == Decimal(string: "1234.5"))
        let expanded = try downloaded.fetch(query.filter { $0.fullName == "Expanded" })
        #expect(expanded.first?.parentCustomerAccount?.name == "Fabrikam")
    }

    @Test func aMalformedValueFailsThePageAndWritesNothing() async throws {
        let body = Data(
            """
            {"value": [{"contactid": "71111111-2222-3333-4444-555555555555", "fullname": "Kept"},
              {"contactid": "81111111-2222-3333-4444-555555555555", "donotemail": "maybe"}]}
            """
            .utf8
        )
        let root = try #require(URL(string: "https://org.crm.dynamics.com/api/data/v9.2/"))
        let client = ODataClient(ODataClient.Configuration(serviceRoot: root, transport: Self.onePage(body)))
        let store = try OfflineStore.inMemory(
            types: [Contact.self],
            definingQueries: [DefiningQuery("contacts", Query<Contact>())],
            client: client
        )
        await #expect(throws: ODataClientError.self) { try await store.download() }
        #expect(try store.count(Query<Contact>()) == 0)
    }
}
