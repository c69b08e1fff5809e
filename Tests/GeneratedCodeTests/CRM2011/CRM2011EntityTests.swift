import CRM2011Model
import Foundation
import MobileSdk
import Testing

/// CRM 2011 entity classes: OData v2 type names as logical names, keys, conversion and navigation.
struct CRM2011EntityTests {
    @Test func metadata() {
        #expect(Account.entityLogicalName == "Account")
        #expect(Account.entityQualifiedName == "Microsoft.Crm.Sdk.Data.Services.Account")
        #expect(Account.primaryIdAttribute == "AccountId")
        #expect(Account.entitySetName == "AccountSet")
        #expect(CRM2011Model.ServicesTask.primaryIdAttribute == "ActivityId")
    }

    @Test func idFollowsThePrimaryIdAttribute() {
        let id = UUID()
        let contact = Contact()
        contact.recordId = id
        #expect(contact.contactId == id)
        #expect(contact["ContactId"] == .guid(id))
    }

    @Test func lateBoundToEarlyBound() throws {
        let entity = Entity(logicalName: "Account")
        entity["Name"] = .string("Contoso")
        entity["IndustryCode"] = .optionSetValue(OptionSetValue(7))
        entity["CreatedOn"] = .dateTimeOffset(Date(timeIntervalSince1970: 0))

        let account = try entity.toEntity(Account.self)

        #expect(account.name == "Contoso")
        #expect(account.industryCode?.value == 7)
        #expect(account.createdOn == Date(timeIntervalSince1970: 0))
        #expect(throws: EntityConversionError.logicalNameMismatch(expected: "Account", actual: "account")) {
            try Entity(logicalName: "account").toEntity(Account.self)
        }
    }

    @Test func navigation() {
        let account = Account()
        let opportunity = Opportunity()
        account.opportunityParentAccounts = [opportunity]
        opportunity.opportunityParentAccount = account
        let parent = Account()
        account.referencingaccountParentAccount = parent

        #expect(account.opportunityParentAccounts?.first === opportunity)
        #expect(opportunity.opportunityParentAccount === account)
        #expect(account.referencingaccountParentAccount === parent)
        #expect(account.referencedaccountParentAccounts == nil)
    }
}
