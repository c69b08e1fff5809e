import Foundation
import MobileSdk
import Testing

/// The three states of an attribute (absent, `.null`, a value) and change tracking.
struct EntityAttributeTests {
    @Test func setAndReadBack() {
        let account = Account()
        account.name = "Contoso"
        account.revenue = Money(Decimal(string: "1250.75") ?? 0)
        let parent = EntityReference(logicalName: "account", id: UUID(), name: "Parent")
        account.parentAccountId = parent

        #expect(account.logicalName == "account")
        #expect(account.name == "Contoso")
        #expect(account["name"] == .string("Contoso"))
        #expect(account.revenue == Money(Decimal(string: "1250.75") ?? 0))
        #expect(account.parentAccountId == parent)
        #expect(account.contains("name"))
        #expect(account.changedAttributeNames == ["name", "parentaccountid", "revenue"])
    }

    @Test func clearStoresExplicitNull() {
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
        let account = Account()
        account.name = "Contoso"
        account.revenue = Money(5)

        account.removeAttribute("name")
        account["revenue"] = nil

        #expect(account["name"] == nil)
        #expect(!account.contains("name"))
        #expect(!account.contains("revenue"))
        #expect(account.name == nil)
        #expect(account.changedAttributeNames.isEmpty)
        #expect(account.attributes.isEmpty)
    }

    @Test func acceptChangesForgetsChangesButKeepsValues() {
        let account = Account()
        account.name = "Contoso"
        account.industryCode = .accounting
        #expect(account.hasChanged("name"))

        account.acceptChanges()
        #expect(account.changedAttributeNames.isEmpty)
        #expect(!account.hasChanged("name"))
        #expect(account.name == "Contoso")

        account.revenue = Money(1)
        account["description"] = .string("Text")
        #expect(account.changedAttributeNames == ["description", "revenue"])
        #expect(account.hasChanged("revenue"))
        #expect(!account.hasChanged("industrycode"))
    }

    @Test func valueOfAnotherKindReadsAsNil() {
        let account = Account()
        account["name"] = .int32(5)
        #expect(account.name == nil)
        #expect(account.getValue("name", as: Int64.self) == 5)
    }

    @Test func collectionValues() {
        let entity = Entity(logicalName: "thing")
        entity.setValues([1, 2, 3] as [Int32], for: "numbers")
        #expect(entity["numbers"] == .collection([.int32(1), .int32(2), .int32(3)]))
        #expect(entity.getValues("numbers", as: Int64.self) == [1, 2, 3])
        #expect(entity.getValues("numbers", as: String.self) == nil)
        #expect(entity.getValue("numbers", as: Int32.self) == nil)

        entity.setValues(nil as [Int32]?, for: "numbers")
        #expect(entity["numbers"] == .null)
        #expect(entity.getValues("numbers", as: Int32.self) == nil)

        entity["categories"] = .optionSetValues([OptionSetValue(1), OptionSetValue(999)])
        #expect(entity.getValues("categories", as: AccountIndustryCode.self) == [.accounting, .unknown(999)])
    }
}
