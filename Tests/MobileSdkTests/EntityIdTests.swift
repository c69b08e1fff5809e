import Foundation
import MobileSdk
import Testing

/// `id` and the class's primary id attribute.
struct EntityIdTests {
    let first = UUID()
    let second = UUID()

    @Test func idWritesThePrimaryIdAttribute() {
        let account = Account()
        account.id = first
        #expect(account["accountid"] == .guid(first))
        #expect(account.changedAttributeNames == ["accountid"])
        #expect(account.id == first)
    }

    @Test func idReadsThePrimaryIdAttribute() {
        let account = Account()
        account["accountid"] = .guid(second)
        #expect(account.id == second)
    }

    @Test func nilIdRemovesThePrimaryIdAttribute() {
        let account = Account()
        account.id = first
        account.id = nil
        #expect(account.id == nil)
        #expect(!account.contains("accountid"))
        #expect(account.changedAttributeNames.isEmpty)
    }

    @Test func lateBoundIdIsNotAnAttribute() {
        let entity = Entity(logicalName: "account", id: first)
        #expect(entity.id == first)
        #expect(entity.attributes.isEmpty)
        #expect(entity.changedAttributeNames.isEmpty)

        entity.id = second
        #expect(entity.id == second)
        #expect(entity.attributes.isEmpty)
    }

    @Test func requiredInitUsesTheClassLogicalName() {
        #expect(Account().logicalName == "account")
        #expect(Contact().logicalName == "contact")
        #expect(Entity().logicalName == "")
        #expect(Account().id == nil)
    }
}
