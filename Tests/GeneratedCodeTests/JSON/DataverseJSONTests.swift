import DataverseModel
import Foundation
import MobileSdk
import Testing

/// Dataverse Web API responses decoded into the generated classes: lookups, option sets, money, multi-select.
struct DataverseJSONTests {
    func decoder() -> ODataJSONDecoder {
        let registry = EntityRegistry()
        DataverseModel.GeneratedEntities.register(in: registry)
        return ODataJSONDecoder(registry: registry)
    }

    let accountID = "7d577253-3ef0-4a0a-bb7f-8335c2596e70"
    let contactID = "25a17064-1ae7-421c-a4ac-23c3b6d0b8d2"
    let ownerID = "3e3a87d1-6d4e-ec11-8c62-000d3a8b3d4b"

    var contactJSON: String {
        #"""
        {"@odata.etag": "W/\"1234567\"", "contactid": "\#(contactID)", "fullname": "Yvonne McKay", "emailaddress1": "yvonne@example.com",
         "address1_latitude": 47.64, "donotemail": false, "birthdate": "1980-02-29",
         "preferredcontactmethodcode@OData.Community.Display.V1.FormattedValue": "Email", "preferredcontactmethodcode": 2,
         "new_customertier": 100000001, "new_customertier@OData.Community.Display.V1.FormattedValue": "Preferred",
         "_parentcustomerid_value@OData.Community.Display.V1.FormattedValue": "Fourth Coffee",
         "_parentcustomerid_value@Microsoft.Dynamics.CRM.associatednavigationproperty": "parentcustomerid_account",
         "_parentcustomerid_value@Microsoft.Dynamics.CRM.lookuplogicalname": "account",
         "_parentcustomerid_value": "\#(accountID)",
         "_ownerid_value": "\#(ownerID.uppercased())",
         "_ownerid_value@Microsoft.Dynamics.CRM.lookuplogicalname": "systemuser",
         "_ownerid_value@OData.Community.Display.V1.FormattedValue": "Alex Wu"}
        """#
    }

    @Test func contactWithLookupsAndOptionSets() throws {
        let contact = try decoder().decodeEntity(Contact.self, from: Data(contactJSON.utf8))
        #expect(contact.contactId == UUID(uuidString: contactID))
        #expect(contact.recordId == UUID(uuidString: contactID))
        #expect(contact.fullName == "Yvonne McKay")
        #expect(contact.address1Latitude == 47.64)
        #expect(contact.doNotEMail == false)
        #expect(contact.birthDate == DateOnly(year: 1980, month: 2, day: 29))
        #expect(contact.preferredContactMethodCode == .email)
        #expect(contact.newCustomerTier == .preferred)
        #expect(
            contact.parentCustomerId
                == EntityReference(logicalName: "account", id: UUID(uuidString: accountID)!, name: "Fourth Coffee")
        )
        #expect(
            contact.ownerId
                == EntityReference(logicalName: "systemuser", id: UUID(uuidString: ownerID)!, name: "Alex Wu")
        )
        #expect(contact.formattedValues["preferredcontactmethodcode"] == "Email")
        #expect(contact.formattedValues["parentcustomerid"] == "Fourth Coffee")
        #expect(contact.eTag == "W/\"1234567\"")
        #expect(contact["_parentcustomerid_value"] == nil)
    }

    @Test func accountWithMoneyMultiSelectAndExpandedContacts() throws {
        let account = try decoder()
            .decodeEntity(
                Account.self,
                from: Data(
                    #"""
                    {"accountid": "\#(accountID)", "name": "Fourth Coffee", "numberofemployees": 150, "revenue": 5000000.25,
                     "revenue@OData.Community.Display.V1.FormattedValue": "$5,000,000.25", "industrycode": 4, "statecode": 0,
                     "new_servicechannels": "100000000,100000002", "new_servicechannels@OData.Community.Display.V1.FormattedValue": "Portal; On-site visit",
                     "entityimage": "iVBORw0KGgo=", "createdon": "2021-03-04T05:06:07Z", "_ownerid_value": null,
                     "contact_customer_accounts": [\#(contactJSON)],
                     "contact_customer_accounts@odata.nextLink": "https://org.crm.dynamics.com/api/data/v9.2/accounts(\#(accountID))/contact_customer_accounts?$skiptoken=1"}
                    """#
                    .utf8
                )
            )
        #expect(account.name == "Fourth Coffee")
        #expect(account.numberOfEmployees == 150)
        #expect(account.revenue == Money(Decimal(string: "5000000.25")!))
        #expect(account.industryCode == .software)
        #expect(account.stateCode == .active)
        #expect(account.newServiceChannels == [.portal, .onSiteVisit])
        #expect(account.entityImage == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        #expect(account.createdOn == Date(timeIntervalSince1970: 1_614_834_367))
        #expect(account.ownerId == nil)
        #expect(account.contains("ownerid"))
        let contacts = try #require(account.contactCustomerAccounts)
        #expect(contacts.first?.fullName == "Yvonne McKay")
        #expect(contacts.first?.parentCustomerId?.logicalName == "account")
        #expect(account.relatedEntities["contact_customer_accounts"]?.moreRecords == true)
    }

    @Test func accountsPageWithDataverseAnnotations() throws {
        let page = try decoder()
            .decodeCollection(
                Account.self,
                from: Data(
                    #"""
                    {"@odata.context": "https://org.crm.dynamics.com/api/data/v9.2/$metadata#accounts(name)",
                     "@Microsoft.Dynamics.CRM.totalrecordcount": 5000, "@Microsoft.Dynamics.CRM.totalrecordcountlimitexceeded": false,
                     "@Microsoft.Dynamics.CRM.fetchxmlpagingcookie": "<cookie pagenumber=\"2\" />", "@Microsoft.Dynamics.CRM.morerecords": true,
                     "value": [{"@odata.etag": "W/\"1\"", "accountid": "\#(accountID)", "name": "A"}]}
                    """#
                    .utf8
                )
            )
        #expect(page.totalRecordCount == 5000)
        #expect(page.pagingCookie == "<cookie pagenumber=\"2\" />")
        #expect(page.moreRecords)
        #expect((page.entities.first as? Account)?.name == "A")
        #expect(page.entityName == "account")
    }

    @Test func updateBodyBindsTheLookup() throws {
        let contact = try decoder().decodeEntity(Contact.self, from: Data(contactJSON.utf8))
        contact.parentCustomerId = EntityReference(logicalName: "account", id: UUID(uuidString: contactID)!)
        contact.newCustomerTier = .strategic
        let body = try ODataJSONEncoder().encodeForUpdate(contact)
        #expect(
            String(decoding: body, as: UTF8.self)
                == #"{"new_customertier":100000002,"parentcustomerid_account@odata.bind":"/accounts(\#(contactID))"}"#
        )
    }
}
