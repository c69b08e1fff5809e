import DataverseModel
import MobileSdk
import Testing

/// The README's example, as written there, against the Dataverse golden model.
struct ReadmeExampleTests {
    @Test func readmeExample() throws {
        DataverseModel.GeneratedEntities.register()
        let account = Account()
        account.name = "Contoso"
        account.industryCode = .manufacturing
        account.revenue = Money(1_000_000)
        account.ownerId = nil
        account.removeAttribute(\.accountNumber)
        #expect(account.changedAttributeNames == ["industrycode", "name", "ownerid", "revenue"])

        let lateBound = Entity(logicalName: "account")
        lateBound["name"] = .string("Fabrikam")
        let typed = try lateBound.toEntity(Account.self)
        #expect(typed.name == "Fabrikam")
    }
}
