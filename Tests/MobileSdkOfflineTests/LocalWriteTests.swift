import Foundation
import MobileSdk
import MobileSdkOffline
import Testing
import TripPinModel

/// Local creates, updates and deletes: the records change at once, the queue holds the requests, combined.
@Suite struct LocalWriteTests {
    init() { GeneratedEntities.register() }

    @Test func anUpdateAfterACreateJoinsIt() throws {
        let store = try LocalQueryTests.store()
        let person = LocalQueryTests.person("vincentcalabrese", "Vincent", "Calabrese", age: 40)
        person.firstName = "Vincent"
        try store.create(person)
        person.lastName = "Calabresi"
        try store.update(person)
        let requests = try store.pendingRequests()
        #expect(requests.count == 1)
        #expect(requests.first?.method == .create)
        #expect(requests.first?.attributes["LastName"] == .string("Calabresi"))
        #expect(try store.fetch(Query<Person>().filter { $0.lastName == "Calabresi" }).count == 1)
        #expect(try store.hasPendingUpload)
    }

    @Test func deletingAnUnsentCreateRemovesBoth() throws {
        let store = try LocalQueryTests.store()
        let person = LocalQueryTests.person("new", "New", "Person", age: 1)
        try store.create(person)
        try store.delete(person)
        #expect(try store.pendingRequests().isEmpty)
        #expect(try store.entity(Person.self, key: EntityKey("new")) == nil)
    }

    @Test func updatesSendOnlyWhatChangedAndCanBeUndone() throws {
        let store = try LocalQueryTests.store()
        let person = try #require(try store.entity(Person.self, key: EntityKey("russellwhyte")))
        person.age = 34
        try store.update(person)
        person.firstName = "Rusty"
        try store.update(person)
        let requests = try store.pendingRequests()
        #expect(requests.map(\.method) == [.update])
        #expect(requests.first?.attributes == ["Age": .int32(34), "FirstName": .string("Rusty")])
        #expect(try store.hasPendingChanges(person))
        try store.undoPendingChanges(for: person)
        let restored = try #require(try store.entity(Person.self, key: EntityKey("russellwhyte")))
        #expect(restored.age == 33)
        #expect(restored.firstName == "Russell")
        #expect(try store.pendingRequests().isEmpty)
    }

    @Test func aDeleteCanBeUndone() throws {
        let store = try LocalQueryTests.store()
        let person = try #require(try store.entity(Person.self, key: EntityKey("ronaldmundy")))
        try store.delete(person)
        #expect(try store.entity(Person.self, key: EntityKey("ronaldmundy")) == nil)
        #expect(try store.pendingRequests().map(\.method) == [.delete])
        try store.undoPendingChanges(for: person)
        #expect(try store.entity(Person.self, key: EntityKey("ronaldmundy"))?.lastName == "Mundy")
    }

    @Test func anUnchangedEntityQueuesNothing() throws {
        let store = try LocalQueryTests.store()
        let person = try #require(try store.entity(Person.self, key: EntityKey("russellwhyte")))
        try store.update(person)
        #expect(try store.pendingRequests().isEmpty)
    }
}
