import Foundation
import MobileSdk
import Testing
import TripPinModel

/// Complex types as structs stored as `.complex`, nested and derived.
struct TripPinComplexTypeTests {
    @Test func nestedComplexValue() {
        var city = City()
        city.name = "Seattle"
        city.countryRegion = "US"
        var home = Location()
        home.address = "1 Main St"
        home.city = city
        let person = Person()

        person.homeAddress = home

        #expect(
            person["HomeAddress"]
                == .complex([
                    "Address": .string("1 Main St"),
                    "City": .complex(["Name": .string("Seattle"), "CountryRegion": .string("US")]),
                ])
        )
        #expect(person.homeAddress?.city?.name == "Seattle")
        #expect(person.homeAddress?.city?.region == nil)
        #expect(person.homeAddress == home)
    }

    @Test func clearingAComplexPropertyStoresNull() {
        var home = Location()
        home.address = "1 Main St"
        home.city = nil
        #expect(home.attributes == ["Address": .string("1 Main St"), "City": .null])
        #expect(home.city == nil)
    }

    @Test func settingAPropertyKeepsTheOthersAndLeavesCopiesAlone() {
        var city = City(attributes: ["Name": .string("Boise"), "Population": .int32(235_684)])
        let copy = city
        city.region = "ID"
        #expect(copy.attributes == ["Name": .string("Boise"), "Population": .int32(235_684)])
        #expect(city.attributes == ["Name": .string("Boise"), "Population": .int32(235_684), "Region": .string("ID")])
    }

    @Test func equalValuesHashAlike() {
        var built = City()
        built.region = "ID"
        built.name = "Boise"
        let read = City(attributes: ["Name": .string("Boise"), "Region": .string("ID")])
        #expect(built == read)
        #expect(built.hashValue == read.hashValue)
        var hasher = Hasher()
        read.hash(into: &hasher)
        #expect(hasher.finalize() == read.hashValue)
        #expect(Set([built, read]).count == 1)
    }

    @Test func complexValueReadsLateBoundData() {
        let manager = Manager()
        manager["BossOffice"] = .complex(["Address": .string("HQ"), "Extra": .int32(1)])
        #expect(manager.bossOffice?.address == "HQ")
        #expect(manager.bossOffice?.attributes["Extra"] == .int32(1))

        manager["BossOffice"] = .string("HQ")
        #expect(manager.bossOffice == nil)
    }

    @Test func derivedComplexTypesIncludeBaseProperties() {
        var location = AirportLocation()
        location.address = "Airport Rd"
        location.loc = .point(longitude: -122.31, latitude: 47.45, srid: 4326)
        let airport = Airport()
        airport.location = location
        #expect(airport.location?.loc == .point(longitude: -122.31, latitude: 47.45, srid: 4326))
        #expect(
            airport["Location"]
                == .complex([
                    "Address": .string("Airport Rd"),
                    "Loc": .geography(.point(longitude: -122.31, latitude: 47.45, srid: 4326)),
                ])
        )

        var venue = EventLocation()
        venue.buildingInfo = "Hall B"
        venue.floor = 3
        let event = Event()
        event.occursAt = venue
        #expect(event["OccursAt"] == .complex(["BuildingInfo": .string("Hall B"), "Floor": .int16(3)]))
    }
}
