import Foundation
import MobileSdk
import Testing

/// Late-bound to early-bound: `toEntity` and related entities.
struct EntityConversionTests {
    @Test func toEntityCopiesState() throws {
        let id = UUID()
        let lateBound = Entity(logicalName: "account", id: id)
        lateBound["name"] = .string("Contoso")
        lateBound["industrycode"] = .optionSetValue(OptionSetValue(2))
        lateBound.acceptChanges()
        lateBound["revenue"] = .money(Money(10))
        lateBound.formattedValues["industrycode"] = "Agriculture"
        lateBound.relatedEntities["contact_customer_accounts"] = EntityCollection(
            entities: [Contact()],
            entityName: "contact"
        )

        let account = try lateBound.toEntity(Account.self)

        #expect(account !== lateBound)
        #expect(account.logicalName == "account")
        #expect(account.recordId == id)
        #expect(account.name == "Contoso")
        #expect(account.industryCode == .agriculture)
        #expect(account.revenue == Money(10))
        #expect(account.formattedValues == ["industrycode": "Agriculture"])
        #expect(account.contacts?.count == 1)
        #expect(account.changedAttributeNames == ["revenue"])

        account.name = "Changed"
        #expect(lateBound["name"] == .string("Contoso"))
    }

    @Test func toEntityRejectsAnotherLogicalName() {
        let contact = Entity(logicalName: "contact")
        #expect(throws: EntityConversionError.logicalNameMismatch(expected: "account", actual: "contact")) {
            try contact.toEntity(Account.self)
        }
        #expect(
            EntityConversionError.logicalNameMismatch(expected: "account", actual: "contact").description
                == "cannot convert a 'contact' entity to a class for 'account'"
        )
    }

    @Test func toPlainEntityKeepsTheLogicalName() throws {
        let account = Account()
        account.name = "Contoso"
        let entity = try account.toEntity(Entity.self)
        #expect(type(of: entity) == Entity.self)
        #expect(entity.logicalName == "account")
        #expect(entity["name"] == .string("Contoso"))
    }

    @Test func relatedLateBoundEntitiesAreConvertedOnce() throws {
        let account = Account()
        let contactId = UUID()
        account.relatedEntities["contact_customer_accounts"] = EntityCollection(entities: [
            Entity(logicalName: "contact", id: contactId)
        ])

        let contacts = try #require(account.contacts)
        #expect(contacts.count == 1)
        #expect(contacts[0].recordId == contactId)

        contacts[0]["firstname"] = .string("Ada")
        #expect(account.contacts?.first === contacts[0])
        #expect(account.getRelated("contact_customer_accounts", as: Contact.self)?["firstname"] == .string("Ada"))
    }

    @Test func relatedEntityOfAnotherLogicalNameReadsAsNil() {
        let account = Account()
        account.relatedEntities["contact_customer_accounts"] = EntityCollection(entities: [Entity(logicalName: "lead")])
        #expect(account.contacts == nil)
        #expect(account.getRelated("contact_customer_accounts", as: Contact.self) == nil)
        #expect(account.relatedEntities["contact_customer_accounts"]?.entities.first?.logicalName == "lead")
    }

    @Test func setRelated() {
        let account = Account()
        let contact = Contact()
        account.contacts = [contact]
        #expect(account.relatedEntities["contact_customer_accounts"]?.entityName == "contact")
        #expect(account.contacts?.first === contact)

        let parent = Account()
        account.setRelated(parent, for: "parentaccountid_account")
        #expect(account.getRelated("parentaccountid_account", as: Account.self) === parent)

        account.contacts = nil
        account.setRelated(nil as Account?, for: "parentaccountid_account")
        #expect(account.relatedEntities.isEmpty)
        #expect(account.contacts == nil)
    }
}
