import DataverseModel
import Foundation
import MobileSdk
import Testing

/// Set, clear (explicit null) and unset (absent) through generated properties, with change tracking.
struct DataverseAttributeStateTests {
    @Test func setAndReadBack() {
        let account = Account()
        account.name = "Contoso"
        account.numberOfEmployees = 250

        #expect(account.name == "Contoso")
        #expect(account.numberOfEmployees == 250)
        #expect(account["name"] == .string("Contoso"))
        #expect(account["numberofemployees"] == .int32(250))
        #expect(account.changedAttributeNames == ["name", "numberofemployees"])
    }

    @Test func assigningNilStoresExplicitNull() {
        let account = Account()
        account.name = "Contoso"
        account.acceptChanges()

        account.name = nil

        #expect(account.name == nil)
        #expect(account["name"] == .null)
        #expect(account.contains("name"))
        #expect(account.changedAttributeNames == ["name"])
    }

    @Test func removeAttributeMakesItAbsent() {
        let contact = Contact()
        contact.eMailAddress1 = "ada@example.com"

        contact.removeAttribute(\.eMailAddress1)

        #expect(contact.eMailAddress1 == nil)
        #expect(contact["emailaddress1"] == nil)
        #expect(!contact.contains("emailaddress1"))
        #expect(contact.changedAttributeNames.isEmpty)
    }

    @Test func acceptChangesKeepsValues() throws {
        let opportunity = Opportunity()
        opportunity.name = "Fleet renewal"
        opportunity.acceptChanges()
        #expect(opportunity.changedAttributeNames.isEmpty)
        #expect(opportunity.name == "Fleet renewal")

        let rate = try #require(Decimal(string: "7.25"))
        opportunity.newDiscountRate = rate

        #expect(opportunity.changedAttributeNames == ["new_discountrate"])
        #expect(opportunity.hasChanged("new_discountrate"))
        #expect(!opportunity.hasChanged("name"))
        #expect(opportunity["new_discountrate"] == .decimal(rate))
    }

    @Test func keyPathsNameLogicalNames() {
        #expect(Account.attributeName(\.newCustomerTier) == "new_customertier")
        #expect(Contact.attributeName(\.eMailAddress1) == "emailaddress1")
        #expect(Contact.attributeName(\.parentCustomerId) == "parentcustomerid")
        #expect(Contact.attributeName(\.description) == "description")
        #expect(Contact.attributeName(\.parentCustomerAccount) == "parentcustomerid_account")
    }

    @Test func descriptionIsTheAttributeAndDebugDescriptionTheRendering() {
        let contact = Contact()
        contact.description = "Met at the fair"
        #expect(contact["description"] == .string("Met at the fair"))
        #expect(contact.description == "Met at the fair")
        #expect(contact.debugDescription == #"contact {description: "Met at the fair"}"#)
    }
}
