import Foundation
import MobileSdk
import Testing

/// Multi-select option sets keep the service's form; related entities bind to registered derived classes.
struct MultiSelectAndDerivedRelatedTests {
    @Test func multiSelectStoresOptionSetValues() {
        let account = Account()
        account.setValues([AccountIndustryCode.accounting, .unknown(999)], for: "channels")
        #expect(account["channels"] == .optionSetValues([OptionSetValue(1), OptionSetValue(999)]))
        #expect(account.getValues("channels", as: AccountIndustryCode.self) == [.accounting, .unknown(999)])
        account.setValues([AccountIndustryCode]?.none, for: "channels")
        #expect(account["channels"] == .null)
    }

    @Test func relatedEntitiesBindToRegisteredDerivedClasses() throws {
        final class PreferredContact: Contact { override class var entityLogicalName: String { "preferredcontact" } }
        EntityRegistry.shared.register(PreferredContact.self)
        let account = Account()
        account.relatedEntities["contacts"] = EntityCollection(entities: [
            Entity(logicalName: "contact"), Entity(logicalName: "preferredcontact"),
        ])
        let contacts = try #require(account.getRelatedCollection("contacts", as: Contact.self))
        #expect(contacts.count == 2)
        #expect(contacts[1] is PreferredContact)
    }
}
