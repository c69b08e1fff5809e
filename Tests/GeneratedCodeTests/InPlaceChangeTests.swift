import CRM2011Model
import DataverseModel
import Foundation
import MobileSdk
import Observation
import Synchronization
import Testing
import TripPinModel

/// Changes made in place — `+=`, `append`, an `inout` argument — go through each generated property's `_modify`
/// accessor and the runtime subscript it yields: the value is read, changed and stored back, as with an assignment.
struct InPlaceChangeTests {
    private struct Refused: Error {}

    @Test func anAttributeChangedInPlaceIsStored() {
        let account = DataverseModel.Account()
        account.numberOfEmployees = 40
        account.numberOfEmployees? += 2
        #expect(account.numberOfEmployees == 42)
        #expect(account["numberofemployees"] == .int32(42))
    }

    @Test func aCollectionAttributeAppendedToIsStored() {
        let person = TripPinModel.Person()
        person.emails = ["ada@example.com"]
        person.emails?.append("ada@example.org")
        #expect(person.emails == ["ada@example.com", "ada@example.org"])

        let account = DataverseModel.Account()
        account.newServiceChannels = [.portal]
        account.newServiceChannels?.append(.phoneSupport)
        #expect(account.newServiceChannels == [.portal, .phoneSupport])
    }

    @Test func relatedEntitiesChangedInPlaceAreRelated() {
        let account = DataverseModel.Account()
        let first = DataverseModel.Contact()
        first.lastName = "Lovelace"
        let second = DataverseModel.Contact()
        second.lastName = "Byron"
        account.contactCustomerAccounts = [first]
        account.contactCustomerAccounts?.append(second)
        #expect(account.contactCustomerAccounts?.map(\.lastName) == ["Lovelace", "Byron"])

        let contact = CRM2011Model.Contact()
        func relate(_ related: inout CRM2011Model.Account?) {
            let parent = CRM2011Model.Account()
            parent.name = "Contoso"
            related = parent
        }
        relate(&contact.contactCustomerAccount)
        #expect(contact.contactCustomerAccount?.name == "Contoso")
    }

    /// An entity's collection of complex values, one of them changed in place: the entity's, the array's and the
    /// complex type's `_modify` in turn.
    @Test func aComplexValueChangedInPlaceIsStored() {
        let person = TripPinModel.Person()
        var home = Location()
        home.address = "187 Suffolk Ln."
        person.addressInfo = [home]
        person.addressInfo?[0].address?.append(", Boise")
        #expect(person.addressInfo?.first?.address == "187 Suffolk Ln., Boise")
    }

    /// As with the accessor Swift would write: the value the change left is stored even when it throws.
    @Test func aChangeThatThrowsIsStillStored() {
        let account = DataverseModel.Account()
        account.numberOfEmployees = 40
        func hire(_ employees: inout Int32?) throws(Refused) {
            employees = (employees ?? 0) + 1
            throw Refused()
        }
        #expect(throws: Refused.self) { try hire(&account.numberOfEmployees) }
        #expect(account.numberOfEmployees == 41)
    }

    @Test func aChangeInPlaceNotifiesWhoReadTheProperty() {
        let account = DataverseModel.Account()
        account.numberOfEmployees = 40
        let changes = Mutex(0)
        withObservationTracking {
            _ = account.numberOfEmployees
        } onChange: {
            changes.withLock { $0 += 1 }
        }
        account.numberOfEmployees? += 1
        #expect(changes.withLock { $0 } == 1)
        #expect(account.numberOfEmployees == 41)
    }
}
