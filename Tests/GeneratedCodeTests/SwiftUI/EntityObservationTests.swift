import DataverseModel
import Foundation
import MobileSdk
import Observation
import Synchronization
import Testing
import TripPinModel

/// Generated entities are `Observable` through the runtime's storage: what a SwiftUI view reading them relies on.
struct EntityObservationTests {
    /// Counts the change notifications `withObservationTracking` delivers for what `read` reads.
    private final class Changes: Sendable {
        private let count = Mutex(0)
        var value: Int { count.withLock { $0 } }

        func track(_ read: () -> Void) { withObservationTracking(read) { [self] in count.withLock { $0 += 1 } } }
    }

    @Test func changingAGeneratedPropertyNotifiesWhoReadIt() {
        let account = DataverseModel.Account()
        account.name = "Contoso"
        let changes = Changes()
        changes.track { _ = account.name }
        #expect(changes.value == 0)
        account.name = "Fabrikam"
        #expect(changes.value == 1)
        #expect(account.name == "Fabrikam")
    }

    /// A form's Cancel: the values read come back, what was set on an absent attribute goes, a removed one returns,
    /// and whoever reads the entity is told.
    @Test func discardingChangesReturnsToWhatWasRead() {
        let account = DataverseModel.Account()
        account.name = "Contoso"
        account.accountNumber = "A-100"
        account.acceptChanges()

        account.name = "Fabrikam"
        account.name = "Northwind"
        account.numberOfEmployees = 40
        account.removeAttribute("accountnumber")
        let changes = Changes()
        changes.track { _ = account.name }
        account.discardChanges()

        #expect(changes.value == 1)
        #expect(account.name == "Contoso")
        #expect(account.accountNumber == "A-100")
        #expect(!account.contains("numberofemployees"))
        #expect(account.changedAttributeNames.isEmpty)
        // Accepted values stay: nothing to discard.
        account.name = "Litware"
        account.acceptChanges()
        account.discardChanges()
        #expect(account.name == "Litware")
    }

    /// A new read put into the object a list shows: its observers see the record's new state.
    @Test func reloadingFromAFreshReadNotifies() {
        let shown = Person(key: EntityKey("russellwhyte"))
        shown.firstName = "Russell"
        shown.acceptChanges()
        shown.lastName = "Unsaved"
        let fresh = Person(key: EntityKey("russellwhyte"))
        fresh.firstName = "Rusty"
        fresh.acceptChanges()
        fresh.eTag = "W/\"2\""
        fresh.formattedValues["FirstName"] = "Rusty"
        let changes = Changes()
        changes.track { _ = shown.firstName }
        shown.reload(from: fresh)
        #expect(changes.value == 1)
        #expect(shown.firstName == "Rusty" && shown.lastName == nil && shown.eTag == "W/\"2\"")
        #expect(shown.formattedValues["FirstName"] == "Rusty")
        #expect(shown.changedAttributeNames.isEmpty)
        shown.discardChanges()
        #expect(shown.firstName == "Rusty")
    }

    @Test func savingAndLoadingNotify() {
        let person = Person()
        person.firstName = "Ada"
        let changes = Changes()
        changes.track { _ = person.changedAttributeNames }
        person.acceptChanges()
        #expect(changes.value == 1)

        changes.track { _ = person.eTag }
        person.eTag = "W/\"1\""
        #expect(changes.value == 2)

        changes.track { _ = person.formattedValues["FirstName"] }
        person.formattedValues["FirstName"] = "Ada L."
        #expect(changes.value == 3)
    }

    @Test func readingNothingObservesNothing() {
        let account = DataverseModel.Account()
        let changes = Changes()
        changes.track { _ = account.logicalName }
        account.name = "Contoso"
        #expect(changes.value == 0)
    }

    @Test func bindingAnOptionalAttributeThroughAKeyPath() {
        // What `TextField("Name", text: $account.name.orEmpty)` does in an app: a writable key path into the entity.
        let account = DataverseModel.Account()
        let path: ReferenceWritableKeyPath<DataverseModel.Account, String?> = \.name
        account[keyPath: path] = "Contoso"
        #expect(account.name == "Contoso")
        #expect(account.changedAttributeNames == ["name"])
    }
}

/// Identity, equality and addressing of generated entities, as `List`, `ForEach` and updates use them.
struct EntityIdentityTests {
    @Test func identifiableByKeyOnceKeyed() {
        let id = UUID()
        let loaded = DataverseModel.Account(id: id)
        let again = DataverseModel.Account(id: id)
        #expect(loaded.id == again.id)
        #expect(loaded != again)  // equal only to itself
        #expect(loaded.id != DataverseModel.Account(id: UUID()).id)
        #expect(DataverseModel.Contact(id: id).id != loaded.id)  // the type is part of the identity

        let new = DataverseModel.Account()
        #expect(new.id == new.id)
        #expect(new.id != DataverseModel.Account().id)
        #expect(new.id.description == "(new)")
    }

    @Test func identityByCompositeAndStringKeys() {
        let person = Person(key: EntityKey("russellwhyte"))
        #expect(person.userName == "russellwhyte")
        #expect(person.changedAttributeNames.isEmpty)
        #expect(person.id == Person(key: EntityKey("russellwhyte")).id)
        #expect(person.id.description == "Person('russellwhyte')")
    }

    @Test func hashableByIdentity() {
        let account = DataverseModel.Account(id: UUID())
        var shown: Set<DataverseModel.Account> = [account, account]
        shown.insert(DataverseModel.Account(id: account.recordId ?? UUID()))
        #expect(shown.count == 2)
    }

    @Test func addressingAnExistingRecordRecordsNoChange() throws {
        let id = UUID()
        let account = DataverseModel.Account(id: id)
        #expect(account.accountId == id)
        #expect(account.recordId == id)
        #expect(account.changedAttributeNames.isEmpty)
        account.name = "Contoso"
        #expect(account.changedAttributeNames == ["name"])
        #expect(try EntityKey.of(account) == .id(id))
    }

    @Test func referenceCarriesTheIdAndPrimaryName() {
        let id = UUID()
        let account = DataverseModel.Account(id: id)
        account.name = "Contoso"
        #expect(account.reference == EntityReference(logicalName: "account", id: id, name: "Contoso"))
        #expect(DataverseModel.Account().reference == nil)
    }

    @Test func optionSetsDriveAPicker() {
        // `Picker(selection:) { ForEach(AccountIndustryCode.allCases, id: \.self) { Text($0.label ?? "") } }`
        let options = AccountIndustryCode.allCases
        #expect(options.count == 4)
        #expect(options.allSatisfy { $0.label != nil })
        #expect(Set(options).count == options.count)
    }

    @Test func anEmptyCollectionStaysACollection() {
        let person = Person()
        person.emails = []
        #expect(person["Emails"] == .collection([]))
        #expect(person.emails == [])
    }
}
