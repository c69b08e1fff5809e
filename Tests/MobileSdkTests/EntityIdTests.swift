import Foundation
import MobileSdk
import Testing

/// `id` and the class's primary id attribute.
struct EntityIdTests {
    let first = UUID()
    let second = UUID()

    @Test func idWritesThePrimaryIdAttribute() {
        let account = Account()
        account.recordId = first
        #expect(account["accountid"] == .guid(first))
        #expect(account.changedAttributeNames == ["accountid"])
        #expect(account.recordId == first)
    }

    /// A record to create with the client's key: the key counts as set, and the create body carries it; a record
    /// standing for an existing one keeps its key out of the changes.
    @Test func newRecordsWithTheClientsKey() throws {
        let account = Account(creatingWithId: first)
        #expect(account.recordId == first && account.changedAttributeNames == ["accountid"])
        let body = try ODataJSONEncoder().encodeForCreate(account)
        #expect(String(decoding: body, as: UTF8.self).contains(first.uuidString.lowercased()))
        #expect(Account(id: first).changedAttributeNames.isEmpty)

        let named = Account(creatingWithKey: EntityKey(["accountnumber": .string("A-1"), "name": .string("Ada")]))
        #expect(named.changedAttributeNames == ["accountnumber", "name"])
    }

    @Test func idReadsThePrimaryIdAttribute() {
        let account = Account()
        account["accountid"] = .guid(second)
        #expect(account.recordId == second)
    }

    @Test func nilIdRemovesThePrimaryIdAttribute() {
        let account = Account()
        account.recordId = first
        account.recordId = nil
        #expect(account.recordId == nil)
        #expect(!account.contains("accountid"))
        #expect(account.changedAttributeNames.isEmpty)
    }

    @Test func lateBoundIdIsNotAnAttribute() {
        let entity = Entity(logicalName: "account", id: first)
        #expect(entity.recordId == first)
        #expect(entity.attributes.isEmpty)
        #expect(entity.changedAttributeNames.isEmpty)

        entity.recordId = second
        #expect(entity.recordId == second)
        #expect(entity.attributes.isEmpty)
    }

    @Test func requiredInitUsesTheClassLogicalName() {
        #expect(Account().logicalName == "account")
        #expect(Contact().logicalName == "contact")
        #expect(Entity().logicalName == "")
        #expect(Account().recordId == nil)
    }
}
