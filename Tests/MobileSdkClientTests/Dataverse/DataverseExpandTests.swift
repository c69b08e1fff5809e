import DataverseModel
import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkTesting
import Testing

/// `$expand` in Dataverse: an expanded single-valued and collection-valued navigation property lands in the generated
/// navigation properties.
struct DataverseExpandTests {
    @Test func anExpandedParentIsTheTypedNavigationProperty() async throws {
        let client = TestClients.dataverse(ScriptedTransport(.payload("dataverse-contact")))
        let contact = try await client.retrieve(
            Contact.self,
            id: IDs.contact,
            expand: ["parentcustomerid_account($select=name,revenue)"]
        )

        let account = try #require(contact.parentCustomerAccount)
        #expect(account.accountId == IDs.account)
        #expect(account.name == "Fourth Coffee")
        #expect(account.revenue == Money(Decimal(string: "125000.5")!))
        #expect(account.formattedValues["revenue"] == "$125,000.50")
        #expect(account.formattedValue(\.revenue) == "$125,000.50")
        #expect(account.formattedValue(\.name) == nil)
        #expect(Contact.navigationName(\.parentCustomerAccount) == "parentcustomerid_account")
        #expect(Contact.navigationName(\.firstName) == nil)
        #expect(account.eTag == "W/\"4710999\"")
        // The expansion is not an attribute of the contact.
        #expect(contact["parentcustomerid_account"] == nil)
    }

    @Test func anExpandedCollectionIsTheTypedNavigationProperty() async throws {
        let client = TestClients.dataverse(ScriptedTransport(.payload("dataverse-account")))
        let account = try await client.retrieve(
            Account.self,
            id: IDs.account,
            expand: ["contact_customer_accounts($select=fullname,emailaddress1)"]
        )

        let contacts = try #require(account.contactCustomerAccounts)
        #expect(contacts.map(\.fullName) == ["Yvonne McKay", "Susanna Stubberod"])
        #expect(contacts.map(\.recordId) == [IDs.contact, IDs.createdContact])
        #expect(contacts.map(\.eMailAddress1) == ["yvonne@contoso.example", "susanna@contoso.example"])
        #expect(contacts.allSatisfy { $0.changedAttributeNames.isEmpty })
        // Not expanded: nothing there.
        #expect(account.opportunityParentAccounts == nil)
    }
}
