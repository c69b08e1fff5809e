import Foundation
import MobileSdk
import Testing
import TripPinModel

/// Derived entity types: Employee and Manager from Person; Flight from PublicTransportation from PlanItem.
struct TripPinInheritanceTests {
    @Test func employeeHasPersonAndOwnProperties() {
        let employee = Employee()
        employee.firstName = "Ada"
        employee.gender = .female
        employee.cost = 1_000
        employee.peers = [Person()]

        #expect(employee.logicalName == "Employee")
        #expect(employee.firstName == "Ada")
        #expect(employee["Cost"] == .int64(1_000))
        #expect(employee.peers?.count == 1)
        let person: Person = employee
        #expect(person.gender == .female)
    }

    @Test func managerHasPersonAndOwnProperties() {
        var office = Location()
        office.address = "HQ"
        let manager = Manager()
        manager.lastName = "Hopper"
        manager.budget = 5_000
        manager.bossOffice = office
        manager.directReports = [Employee(), Employee()]

        #expect(manager.lastName == "Hopper")
        #expect(manager.budget == 5_000)
        #expect(manager.bossOffice?.address == "HQ")
        #expect(manager.directReports?.count == 2)
        #expect(manager.changedAttributeNames == ["BossOffice", "Budget", "LastName"])
    }

    @Test func multiLevelHierarchy() {
        let flight = Flight()
        flight.planItemId = 1
        flight.seatNumber = "12A"
        flight.flightNumber = "AA26"
        flight.duration = EdmDuration("PT5H30M")

        let item: PlanItem = flight
        #expect(item.planItemId == 1)
        #expect(item.duration?.seconds == 19_800)
        #expect((item as? PublicTransportation)?.seatNumber == "12A")
    }

    @Test func metadata() {
        #expect(Employee.entityLogicalName == "Employee")
        #expect(Employee.entityQualifiedName == "Sample.TripPin.Employee")
        #expect(Manager.entityQualifiedName == "Sample.TripPin.Manager")
        #expect(Flight.entityQualifiedName == "Sample.TripPin.Flight")
        #expect(PlanItem.keyAttributes == ["PlanItemId"])
        #expect(PlanItem.entitySetName == nil)
        #expect((Manager.self as Entity.Type) is Person.Type)
        #expect((Flight.self as Entity.Type) is PlanItem.Type)
        #expect(!((Airline.self as Entity.Type) is Person.Type))
    }

    @Test func derivedEntityKeyIsInherited() {
        #expect(Employee.keyAttributes == ["UserName"])
        #expect(Manager.keyAttributes == ["UserName"])
        #expect(Flight.keyAttributes == ["PlanItemId"])

    }

    @Test func lateBoundDerivedEntityBindsThroughTheRegistry() throws {
        let registry = EntityRegistry()
        GeneratedEntities.register(in: registry)
        let lateBound = Entity(logicalName: "Manager")
        lateBound["Budget"] = .int64(10)
        lateBound["FirstName"] = .string("Grace")

        let manager = try #require(registry.earlyBound(lateBound) as? Manager)
        #expect(manager.budget == 10)
        #expect(manager.firstName == "Grace")

        let person = Person()
        person.friends = [manager]
        #expect((person.friends?.first as? Manager)?.budget == 10)
    }
}
