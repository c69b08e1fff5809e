import Foundation
import MobileSdk
import Testing
import TripPinModel

/// Scalar properties of `Person`, with the three attribute states and change tracking.
struct TripPinPersonTests {
    @Test func setAndReadBack() {
        let person = Person()
        person.firstName = "Russell"
        person.lastName = "Whyte"
        person.age = 42
        person.primaryEmail = "russell@example.com"

        #expect(person.firstName == "Russell")
        #expect(person.age == 42)
        #expect(person["Age"] == .int32(42))
        #expect(person["PrimaryEmail"] == .string("russell@example.com"))
        #expect(person.changedAttributeNames == ["Age", "FirstName", "LastName", "PrimaryEmail"])
    }

    @Test func clearAndUnset() {
        let person = Person()
        person.middleName = "J"
        person.lastName = "Whyte"
        person.acceptChanges()

        person.middleName = nil
        person.removeAttribute(\.lastName)

        #expect(person["MiddleName"] == .null)
        #expect(person.contains("MiddleName"))
        #expect(!person.contains("LastName"))
        #expect(person.lastName == nil)
        #expect(person.changedAttributeNames == ["MiddleName"])
    }

    @Test func metadata() {
        #expect(Person.entityLogicalName == "Person")
        #expect(Person.entityQualifiedName == "Sample.TripPin.Person")
        #expect(Person.primaryIdAttribute == nil)
        #expect(Person.entitySetName == "People")
        #expect(Person.keyAttributes == ["UserName"])
        #expect(TripRating.keyAttributes == ["TripId", "UserName"])
        #expect(TravelAdvisory.entitySetName == "Advisories")
    }

    @Test func lateBoundPersonConverts() throws {
        let entity = Entity(logicalName: "Person")
        entity["UserName"] = .string("russellwhyte")
        entity["Gender"] = .enumMember("Male")
        entity["Emails"] = .collection([.string("russell@example.com")])

        let person = try entity.toEntity(Person.self)

        #expect(person.userName == "russellwhyte")
        #expect(person.gender == .male)
        #expect(person.emails == ["russell@example.com"])
        #expect(throws: EntityConversionError.logicalNameMismatch(expected: "Person", actual: "Airline")) {
            try Entity(logicalName: "Airline").toEntity(Person.self)
        }
    }
}
