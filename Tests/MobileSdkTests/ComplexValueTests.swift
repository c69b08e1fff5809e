import Foundation
import MobileSdk
import Testing

/// Complex types stored as `.complex`, and the dictionary helpers generated code uses.
struct ComplexValueTests {
    @Test func roundTrip() {
        var location = Location(attributes: [:])
        location.address = "187 Suffolk Ln."
        location.city = City(attributes: ["Name": .string("Boise"), "Region": .string("ID")])
        location.tags = ["home", "work"]

        #expect(
            location.attributeValue
                == .complex([
                    "Address": .string("187 Suffolk Ln."),
                    "City": .complex(["Name": .string("Boise"), "Region": .string("ID")]),
                    "Tags": .collection([.string("home"), .string("work")]),
                ])
        )

        let person = Entity(logicalName: "Person")
        person.setValues([location], for: "AddressInfo")
        let read = person.getValues("AddressInfo", as: Location.self)
        #expect(read == [location])
        #expect(read?.first?.city?.region == "ID")
        #expect(read?.first?.tags == ["home", "work"])
    }

    @Test func clearedAndUnknownProperties() {
        var city = City(attributes: ["Name": .string("Boise"), "Population": .int32(235_684)])
        city.region = nil
        #expect(city.attributes["Region"] == .null)
        #expect(city.region == nil)
        #expect(city.attributes.value("Population", as: Int64.self) == 235_684)

        var attributes: [String: AttributeValue] = [:]
        attributes.set(nil as [String]?, for: "Tags")
        #expect(attributes["Tags"] == .null)
        #expect(attributes.values("Tags", as: String.self) == nil)
        #expect(attributes.values("Missing", as: String.self) == nil)
    }

    @Test func otherKindsAreNotComplex() {
        #expect(City(attributeValue: .string("Boise")) == nil)
        #expect(City(attributeValue: .null) == nil)
        #expect(City(attributeValue: .complex([:])) == City(attributes: [:]))
    }
}
