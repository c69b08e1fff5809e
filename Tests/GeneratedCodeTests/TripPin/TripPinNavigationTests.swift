import Foundation
import MobileSdk
import Testing
import TripPinModel

/// Navigation properties kept as related entities, not as attributes.
struct TripPinNavigationTests {
    @Test func friendsAndBestFriend() {
        let person = Person()
        let scott = Person()
        scott.firstName = "Scott"
        let ronald = Person()
        ronald.firstName = "Ronald"

        person.friends = [scott, ronald]
        person.bestFriend = scott

        #expect(person.friends?.map(\.firstName) == ["Scott", "Ronald"])
        #expect(person.bestFriend === scott)
        #expect(person.relatedEntities["Friends"]?.entityName == "Person")
        #expect(person.changedAttributeNames.isEmpty)

        person.bestFriend = nil
        #expect(person.relatedEntities["BestFriend"] == nil)
        #expect(person.bestFriend == nil)
    }

    @Test func containedTrips() {
        let trip = Trip()
        trip.name = "Lake trip"
        let person = Person()
        person.trips = [trip]
        #expect(person.trips?.first === trip)
        #expect(person.trips?.first?.name == "Lake trip")
    }

    @Test func derivedEntitiesInABaseTypedCollection() throws {
        let flight = Flight()
        flight.flightNumber = "AA26"
        let event = Event()
        event.description = "Dinner"
        let trip = Trip()

        trip.planItems = [flight, event]

        let items = try #require(trip.planItems)
        #expect((items[0] as? Flight)?.flightNumber == "AA26")
        #expect((items[1] as? Event)?.description == "Dinner")
        #expect(trip.relatedEntities["PlanItems"]?.entityName == nil)

        let manager = Manager()
        manager.friends = [Employee(), Person()]
        #expect(manager.friends?.count == 2)
    }

    @Test func lateBoundRelatedEntitiesAreConverted() throws {
        let person = Person()
        let friend = Entity(logicalName: "Person")
        friend["FirstName"] = .string("Scott")
        person.relatedEntities["Friends"] = EntityCollection(entities: [friend], entityName: "Person")

        let friends = try #require(person.friends)
        #expect(friends.first?.firstName == "Scott")
        friends.first?.lastName = "Ketchum"
        #expect(person.friends?.first?.lastName == "Ketchum")
    }

    @Test func singleValuedNavigationOnDerivedType() {
        let from = Airport()
        from.icaoCode = "KSFO"
        let airline = Airline()
        airline.airlineCode = "AA"
        let flight = Flight()
        flight.from = from
        flight.airline = airline
        #expect(flight.from?.icaoCode == "KSFO")
        #expect(flight.to == nil)
        #expect(flight.relatedEntities["Airline"]?.entities.first === airline)
    }
}
