import MobileSdk
import Testing
import TripPinModel

/// CSDL enumerations: `PersonGender` as a Swift enum, the flags type `Feature` as an option set.
struct TripPinEnumTests {
    @Test func enumRoundTrip() {
        let person = Person()
        person.gender = .female
        #expect(person["Gender"] == .enumMember("Female"))
        #expect(person.gender == .female)

        person["Gender"] = .string("Unknown")
        #expect(person.gender == .unknown)

        person["Gender"] = .enumMember("Other")
        #expect(person.gender == nil)
    }

    @Test func flagsRoundTrip() {
        let airport = Airport()
        airport.features = [.wifi, .lounge]
        #expect(airport["Features"] == .enumMember("Wifi,Lounge"))
        #expect(airport.features == [.wifi, .lounge])
        #expect(airport.features?.contains(.powerOutlet) == false)
    }

    @Test func flagsReadNamesAndNumbers() {
        let airport = Airport()
        airport["Features"] = .enumMember("Everything")
        #expect(airport.features == .everything)
        #expect(airport.features?.contains(.fastTrack) == true)

        airport["Features"] = .string("PowerOutlet, 16")
        #expect(airport.features?.rawValue == 18)

        airport["Features"] = .enumMember("Bogus")
        #expect(airport.features == nil)
    }

    @Test func flagsWriteMembersInDeclarationOrder() {
        let airport = Airport()
        airport.features = .everything
        #expect(airport["Features"] == .enumMember("Wifi,PowerOutlet,Lounge,FastTrack"))
        airport.features = Feature(rawValue: 1 | 32)
        #expect(airport["Features"] == .enumMember("Wifi,32"))
    }

    @Test func emptyFlagsAreTheZeroMember() {
        let person = Person()
        // The `None` member is generated as `noneValue`, so that `.none` keeps meaning nil.
        person.favoriteFeature = .noneValue
        #expect(person["FavoriteFeature"] == .enumMember("None"))
        #expect(person.favoriteFeature == [])
        person.favoriteFeature = .none
        #expect(person["FavoriteFeature"] == .null)
        #expect(
            Feature.memberNames.map(\.name) == ["None", "Wifi", "PowerOutlet", "Lounge", "FastTrack", "Everything"]
        )
    }

    @Test func enumMembersByName() {
        #expect(PersonGender.allCases == [.male, .female, .unknown])
        #expect(PersonGender.allCases.map(\.rawValue) == ["Male", "Female", "Unknown"])
        #expect(PersonGender(rawValue: "Female") == .female)
        #expect(PersonGender(rawValue: "female") == nil)
        #expect(PersonGender.edmTypeName == "Sample.TripPin.PersonGender")
        #expect(Set(PersonGender.allCases).count == 3)
    }
}
