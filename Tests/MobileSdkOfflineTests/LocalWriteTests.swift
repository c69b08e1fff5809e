import Foundation
import MobileSdk
import MobileSdkOffline
import Testing
import DataverseModel
import TripPinModel

/// Local creates, updates and deletes: the records change at once, the queue holds the requests, combined.
@Suite struct LocalWriteTests {
    init() { TripPinModel.GeneratedEntities.register() }

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

    @Test func filtersSeeWhatIsLocalAndWhatWaitsForUpload() throws {
        let store = try LocalQueryTests.store()
        try store.create(LocalQueryTests.person("vincentcalabrese", "Vincent", "Calabrese", age: 40))
        let scott = try #require(try store.entity(Person.self, key: EntityKey("scottketchum")))
        scott.age = 29
        try store.update(scott)
        let local = try store.fetch(Query<Person>().filter { _ in .isLocal })
        #expect(local.map(\.userName) == ["vincentcalabrese"])
        let pending = try store.fetch(Query<Person>().filter { _ in .hasPendingChanges }.orderBy(\.userName))
        #expect(pending.map(\.userName) == ["scottketchum", "vincentcalabrese"])
        #expect(try store.count(Query<Person>().filter { !.hasPendingChanges && $0.age >= 28 }) == 3)
        #expect(try store.count(Query<Person>().filter { _ in .inErrorState }) == 0)
        // A service cannot evaluate them: the query fails before it is sent.
        #expect(throws: ODataEncodingError.self) { try Query<Person>().filter { _ in .isLocal }.odataQuery(.v4) }
        // And the store cannot evaluate what only a service can.
        #expect(throws: OfflineStoreError.self) { try store.fetch(Query<Person>().filter { _ in .raw("Age gt 30") }) }
    }

    @Test func linksChangeAtOnceCombineAndAreUndone() async throws {
        let store = try LocalQueryTests.store()
        let russell = try #require(try store.entity(Person.self, key: EntityKey("russellwhyte")))
        let scott = try #require(try store.entity(Person.self, key: EntityKey("scottketchum")))
        let javier = try #require(try store.entity(Person.self, key: EntityKey("javieralfred")))
        func friends() throws -> [String] {
            let russell = try store.entity(Query<Person>().expand(\.friends), key: EntityKey("russellwhyte"))
            return russell?.friends?.compactMap(\.userName) ?? []
        }
        try store.associate(russell, \.friends, with: scott)
        try store.associate(russell, navigationProperty: "Friends", with: javier)
        #expect(try friends() == ["scottketchum", "javieralfred"])
        // One record read with what a query selects and expands, through the generated service's accessor too.
        let selected = try await ContainerService(client: store).people
            .retrieve(
                EntityKey("russellwhyte"),
                Query<Person>().select(\.firstName).expand(\.friends) { $0.select(\.lastName) }
            )
        #expect(selected.firstName == "Russell" && selected.lastName == nil)
        #expect(selected.friends?.compactMap(\.lastName) == ["Ketchum", "Alfred"])
        #expect(selected.friends?.first?.firstName == nil)
        #expect(try store.entity(Query<Person>(), key: EntityKey("nobody")) == nil)
        let requests = try store.pendingRequests()
        #expect(requests.map(\.method) == [.associate, .associate])
        #expect(requests.first?.link?.navigationProperty == "Friends")
        #expect(requests.first?.link?.targetKey == "('scottketchum')")
        #expect(try store.hasPendingChanges(russell))
        #expect(try store.count(Query<Person>().filter { _ in .hasPendingChanges }) == 1)
        // Removing a link whose associate was not sent removes both.
        try store.disassociate(russell, \.friends, from: scott)
        #expect(try friends() == ["javieralfred"])
        #expect(try store.pendingRequests().map(\.method) == [.associate])
        // A single-valued one is replaced.
        try store.associate(russell, \.bestFriend, with: scott)
        try store.associate(russell, navigationProperty: "BestFriend", with: javier)
        let best = try store.fetch(Query<Person>().filter { $0.userName == "russellwhyte" }.expand(\.bestFriend))
        #expect(best.first?.bestFriend?.userName == "javieralfred")
        try store.undoPendingChanges(for: russell)
        #expect(try friends().isEmpty)
        #expect(try store.pendingRequests().isEmpty)
        #expect(try !store.hasPendingChanges(russell))
        #expect(throws: OfflineStoreError.self) {
            try store.associate(russell, navigationProperty: "Nowhere", with: scott)
        }
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

/// References set under a navigation property's name (sent as `@odata.bind`) are kept, queued and found locally.
@Suite struct BindTests {
    init() { DataverseModel.GeneratedEntities.register() }

    @Test func aReferenceSetOnCreateIsQueuedAndLinked() throws {
        let store = try OfflineStore.inMemory(types: [CRMTask.self, Contact.self])
        let contact = Contact(id: UUID())
        contact.lastName = "Lovelace"
        contact.acceptChanges()
        try store.insertDownloaded([contact])
        let task = CRMTask()
        task.subject = "Call back"
        task["regardingobjectid_contact_task"] = .entityReference(
            EntityReference(logicalName: "contact", id: try #require(contact.recordId))
        )
        try store.create(task)
        let queued = try #require(try store.pendingRequests().first)
        #expect(queued.attributes["regardingobjectid_contact_task"] != nil, "the bind is uploaded with the create")
        let found = try store.fetch(Query<CRMTask>().filter { $0.regardingContact.lastName == "Lovelace" })
        #expect(found.map(\.subject) == ["Call back"])
        let expanded = try store.fetch(Query<CRMTask>().expand(\.regardingContact))
        #expect(expanded.first?.regardingContact?.lastName == "Lovelace")
    }
}
