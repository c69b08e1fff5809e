import MetadataModel
import MetadataReader
import TestSupport
import Testing

/// A TripPin-like OData v4 service: inheritance, enums, type definitions, containment, a
/// singleton, bound and unbound operations with overloads, and annotations.
struct TripPinTests {
    static let result = MetadataLoader().load([Paths.sample("TripPin.xml")])
    var service: Service { Self.result.service }
    func name(_ name: String) -> QualifiedName { QualifiedName(namespace: "Sample.TripPin", name: name) }

    @Test func readsWithoutProblems() {
        #expect(Self.result.diagnostics.allSatisfy { $0.severity == .note })
        #expect(service.documents.map(\.dialect) == [.csdl(odataVersion: "4.0", edmxVersion: "4.0")])
        #expect(service.schemas.map(\.alias) == ["trip"])
    }

    @Test func inheritanceAndAliasesResolved() throws {
        let employee = try #require(service.entityType(name("Employee")))
        #expect(employee.baseType == name("Person"))
        #expect(employee.key.isEmpty)
        let flight = try #require(service.entityType(name("Flight")))
        #expect(flight.baseType == name("PublicTransportation"))
        #expect(service.complexType(name("AirportLocation"))?.baseType == name("Location"))
    }

    @Test func keysOpenStreamAndFacets() throws {
        #expect(service.entityType(name("TripRating"))?.key.map(\.name) == ["TripId", "UserName"])
        #expect(service.entityType(name("TravelAdvisory"))?.isOpen == true)
        #expect(service.entityType(name("Photo"))?.hasStream == true)
        let person = try #require(service.entityType(name("Person")))
        let userName = try #require(person.properties.first { $0.name == "UserName" })
        #expect(userName.facets.maxLength == .value(32) && !userName.isNullable)
        #expect(person.properties.first { $0.name == "Emails" }?.type.description == "Collection(Edm.String)")
        #expect(person.properties.first { $0.name == "Gender" }?.type == TypeReference(name: name("PersonGender")))
        let location = try #require(service.complexType(name("AirportLocation"))?.properties.first)
        #expect(location.type.primitive == .geographyPoint && location.facets.srid == "4326")
    }

    @Test func enumsAndTypeDefinitions() throws {
        let feature = try #require(service.schemas[0].enumTypes.first { $0.name == "Feature" })
        #expect(feature.isFlags && feature.underlyingType == .int64)
        #expect(feature.members.map(\.value) == [0, 1, 2, 4, 8, 15])
        let gender = try #require(service.schemas[0].enumTypes.first { $0.name == "PersonGender" })
        #expect(gender.members.map(\.name) == ["Male", "Female", "Unknown"])
        let email = try #require(service.schemas[0].typeDefinitions.first)
        #expect(email.underlyingType.description == "Edm.String" && email.facets.maxLength == .value(128))
        #expect(email.coreDescription == "An RFC 5322 mailbox address.")
    }

    @Test func navigationAndContainment() throws {
        let person = try #require(service.entityType(name("Person")))
        let trips = try #require(person.navigationProperties.first { $0.name == "Trips" })
        #expect(trips.containsTarget && trips.type.isCollection && trips.type.name == name("Trip"))
        let best = try #require(person.navigationProperties.first { $0.name == "BestFriend" })
        #expect(!best.type.isCollection && best.isNullable)
    }

    @Test func operationsBoundUnboundAndOverloaded() throws {
        let functions = service.functions
        #expect(functions.filter { $0.name == "GetNearestAirport" }.map(\.parameters.count) == [2, 3])
        let favorite = try #require(functions.first { $0.name == "GetFavoriteAirline" })
        #expect(favorite.isBound && favorite.bindingType == TypeReference(name: name("Person")))
        #expect(favorite.returnType?.type == TypeReference(name: name("Airline")))
        let byTag = try #require(functions.first { $0.name == "GetTripsByTag" })
        #expect(byTag.isComposable && byTag.entitySetPath == "trips" && byTag.bindingType?.isCollection == true)
        let share = try #require(service.actions.first { $0.name == "ShareTrip" })
        #expect(
            share.isBound && share.returnType == nil
                && share.parameters.map(\.name) == ["personInstance", "userName", "tripId"]
        )
        #expect(service.actions.first { $0.name == "ResetDataSource" }?.isBound == false)
    }

    @Test func containerWithSingletonAndImports() throws {
        let container = try #require(service.entityContainers.first)
        #expect(
            container.entitySets.map(\.name) == [
                "People", "Airlines", "Airports", "Photos", "TripRatings", "Advisories",
            ]
        )
        let me = try #require(container.singletons.first)
        #expect(me.name == "Me" && me.type == name("Person") && me.navigationPropertyBindings.count == 5)
        #expect(container.functionImports.first?.function == name("GetNearestAirport"))
        #expect(container.functionImports.first?.entitySet == "Airports")
        #expect(container.actionImports.first?.action == name("ResetDataSource"))
        let people = try #require(container.entitySets.first)
        #expect(people.navigationPropertyBindings.first?.target == "People")
        #expect(people.capabilities.isInsertable == false)
        #expect(people.capabilities.isUpdatable == nil)
    }

    @Test func typedAnnotationsInlineAndExternal() throws {
        let person = try #require(service.entityType(name("Person")))
        #expect(person.coreDescription == "A registered traveller.")
        let property = { (propertyName: String) in person.properties.first { $0.name == propertyName } }
        #expect(property("UserName")?.permissions == .read)
        #expect(property("Concurrency")?.isComputed == true)
        #expect(property("FirstName")?.isComputed == false)
        #expect(property("Age")?.validation.minimum == "0")
        #expect(property("Age")?.validation.maximum == "150")
        let lastName = try #require(property("LastName"))
        #expect(lastName.coreDescription == "Family name as printed in the travel document.")
        #expect(lastName.validation.pattern == "^[^0-9]+$")
        #expect(lastName.annotations.allSatisfy { $0.term.namespace.hasPrefix("Org.OData.") })
        #expect(service.schemas[0].annotationGroups.first?.target == "Sample.TripPin.Person/LastName")
    }

    @Test func everyElementKnowsWhereItCameFrom() throws {
        let person = try #require(service.entityType(name("Person")))
        #expect(person.location == SourceLocation(file: Paths.sample("TripPin.xml"), line: 48, column: 7))
        #expect(person.properties[0].location.line == 52)
        #expect(person.key[0].location.line == 50)
        #expect(service.entityContainers[0].singletons[0].location.line == 236)
    }
}
