import MobileSdk
import Testing
import TripPinModel

/// Collection-valued properties: primitive and complex elements stored as `.collection`.
struct TripPinCollectionTests {
    @Test func stringCollection() {
        let person = Person()
        person.emails = ["russell@example.com", "rw@example.org"]
        #expect(person["Emails"] == .collection([.string("russell@example.com"), .string("rw@example.org")]))
        #expect(person.emails == ["russell@example.com", "rw@example.org"])

        person.emails = []
        #expect(person.emails == [])
        person.emails = nil
        #expect(person["Emails"] == .null)
        #expect(person.emails == nil)
    }

    @Test func collectionWithAnElementOfAnotherKindReadsAsNil() {
        let trip = Trip()
        trip["Tags"] = .collection([.string("beach"), .int32(1)])
        #expect(trip.tags == nil)
    }

    @Test func complexCollection() {
        var home = Location()
        home.address = "1 Main St"
        var work = Location()
        work.address = "2 Market St"
        let person = Person()

        person.addressInfo = [home, work]

        #expect(person["AddressInfo"] == .collection([home.attributeValue, work.attributeValue]))
        #expect(person.addressInfo?.map(\.address) == ["1 Main St", "2 Market St"])
    }
}
