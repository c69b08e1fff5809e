import MobileSdk
import Testing
import TripPinModel

/// The classes the build-tool plugin generated while this package built.
struct GeneratedClassesTests {
    @Test func generatedClassesWork() throws {
        let person = Person()
        person.firstName = "Russell"
        person.gender = .male
        person.emails = ["russell@example.com"]
        #expect(person.firstName == "Russell")
        #expect(person["Gender"] == .enumMember("Male"))
        #expect(person.changedAttributeNames == ["Emails", "FirstName", "Gender"])
        #expect(Person.entitySetName == "People")
    }

    @Test func registryBindsLateBoundEntities() throws {
        TripPinModel.register()
        let lateBound = Entity(logicalName: "Airline")
        lateBound["Name"] = .string("Contoso Air")
        let airline = try #require(EntityRegistry.shared.earlyBound(lateBound) as? Airline)
        #expect(airline.name == "Contoso Air")
    }
}
