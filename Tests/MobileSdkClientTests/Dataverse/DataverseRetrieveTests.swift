import DataverseModel
import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkTesting
import Testing

/// Reading Dataverse records: lookups with their annotations, formatted values, money, option sets, multi-select option
/// sets and dates.
struct DataverseRetrieveTests {
    @Test func asksForTheRecordWithItsOptionsAndAnnotations() async throws {
        let transport = ScriptedTransport(.payload("dataverse-contact"))
        let client = TestClients.dataverse(transport)
        _ = try await client.retrieve(
            Contact.self,
            id: IDs.contact,
            select: ["fullname", "_parentcustomerid_value"],
            expand: ["parentcustomerid_account($select=name,revenue)"]
        )

        let request = try #require(transport.requests.first)
        #expect(request.method == "GET")
        #expect(request.url.path.hasSuffix("/api/data/v9.2/contacts(c1a4f2d0-3e5b-4c6d-8e9f-0a1b2c3d4e5f)"))
        #expect(request.queryValue("$select") == "fullname,_parentcustomerid_value")
        #expect(request.queryValue("$expand") == "parentcustomerid_account($select=name,revenue)")
        #expect(request[header: "Prefer"] == "odata.include-annotations=\"*\"")
        #expect(request[header: "Accept"] == "application/json")
        #expect(request.body == nil)
    }

    @Test func lookupsBecomeEntityReferencesWithTheirNames() async throws {
        let client = TestClients.dataverse(ScriptedTransport(.payload("dataverse-contact")))
        let contact = try await client.retrieve(Contact.self, id: IDs.contact)

        #expect(
            contact.parentCustomerId == EntityReference(logicalName: "account", id: IDs.account, name: "Fourth Coffee")
        )
        // `ownerid` names no target in the metadata: the lookuplogicalname annotation gives it.
        #expect(contact.ownerId == EntityReference(logicalName: "systemuser", id: IDs.owner, name: "Nancy Anderson"))
        #expect(contact["_parentcustomerid_value"] == nil)
        #expect(contact.formattedValues["parentcustomerid"] == "Fourth Coffee")
        #expect(contact.formattedValues["ownerid"] == "Nancy Anderson")
    }

    @Test func readsTheScalarsFormattedValuesAndETag() async throws {
        let client = TestClients.dataverse(ScriptedTransport(.payload("dataverse-contact")))
        let contact = try await client.retrieve(Contact.self, id: IDs.contact)

        #expect(contact.recordId == IDs.contact)
        #expect(contact.logicalName == "contact")
        #expect(contact.fullName == "Yvonne McKay")
        #expect(contact.birthDate == DateOnly(year: 1985, month: 4, day: 12))
        #expect(contact.doNotEMail == false)
        #expect(contact.address1Latitude == 47.6396)
        #expect(contact.preferredContactMethodCode == .email)
        #expect(contact.formattedValues["preferredcontactmethodcode"] == "Email")
        #expect(contact.formattedValues["birthdate"] == "4/12/1985")
        #expect(contact.eTag == "W/\"4711023\"")
        #expect(contact.changedAttributeNames.isEmpty)
    }

    @Test func readsMoneyOptionSetsMultiSelectAndDates() async throws {
        let client = TestClients.dataverse(ScriptedTransport(.payload("dataverse-account")))
        let account = try await client.retrieve(Account.self, id: IDs.account)

        #expect(account.revenue == Money(Decimal(string: "125000.5")!))
        #expect(account["revenue"] == .money(Money(Decimal(string: "125000.5")!)))
        #expect(account.formattedValues["revenue"] == "$125,000.50")
        #expect(account.industryCode == .software)
        #expect(account.formattedValues["industrycode"] == "Software")
        #expect(account.stateCode?.rawValue == 0)
        #expect(
            account["new_servicechannels"]
                == .optionSetValues([OptionSetValue(100_000_000), OptionSetValue(100_000_001)])
        )
        #expect(account.newServiceChannels == [.portal, .phoneSupport])
        #expect(account.formattedValues["new_servicechannels"] == "Portal; Phone Support")
        #expect(account.numberOfEmployees == 120)
        #expect(account.createdOn == Date(timeIntervalSince1970: 1_709_285_400))
        #expect(account.accountNumber == "FC-0042")
    }

    @Test func aLookupTheClassDoesNotKnowIsStillAReference() async throws {
        let client = TestClients.dataverse(ScriptedTransport(.payload("dataverse-account")))
        let account = try await client.retrieve(Account.self, id: IDs.account)

        let currency = try #require(UUID(uuidString: "0b6fa9a6-1b2c-4d3e-8f40-5a6b7c8d9e0f"))
        #expect(
            account["transactioncurrencyid"]
                == .entityReference(
                    EntityReference(logicalName: "transactioncurrency", id: currency, name: "US Dollar")
                )
        )
        #expect(account["_transactioncurrencyid_value"] == nil)
        #expect(account.formattedValues["transactioncurrencyid"] == "US Dollar")
    }

    @Test func aMissingRecordIsTheServicesError() async throws {
        let client = TestClients.dataverse(ScriptedTransport(.payload("dataverse-error-not-found", status: 404)))
        let error = await #expect(throws: ODataServiceError.self) {
            try await client.retrieve(Account.self, id: IDs.account)
        }
        #expect(error?.statusCode == 404)
        #expect(error?.code == "0x80040217")
    }
}
