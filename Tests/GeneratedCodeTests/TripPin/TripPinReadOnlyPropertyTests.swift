import Foundation
import MobileSdk
import Testing
import TripPinModel

/// `Core.Computed` and read-only `Core.Permissions` properties have no setter.
struct TripPinReadOnlyPropertyTests {
    @Test func readOnlyPropertiesHaveNoSetter() {
        #expect(!isWritable(\Person.userName))
        #expect(!isWritable(\Person.concurrency))
        #expect(!isWritable(\TravelAdvisory.issuedAt))
        #expect(!isWritable(\Employee.concurrency))
    }

    @Test func otherPropertiesHaveASetter() {
        #expect(isWritable(\Person.firstName))
        #expect(isWritable(\TravelAdvisory.title))
        #expect(isWritable(\TripRating.userName))
    }

    @Test func readOnlyPropertiesReadStoredValues() {
        let person = Person()
        person["Concurrency"] = .int64(7)
        person["UserName"] = .string("russellwhyte")
        #expect(person.concurrency == 7)
        #expect(person.userName == "russellwhyte")
    }
}
