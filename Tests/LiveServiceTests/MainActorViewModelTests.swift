import Foundation
import MobileSdk
import MobileSdkClient
import Observation
import Testing
import TripPinModel

/// A view model as a SwiftUI app writes it: `@MainActor`, `@Observable`, holding generated entities and calling every
/// client operation on them. That it compiles in Swift 6 mode without a diagnostic is half of the test; the other half
/// runs it against the real OData v4 server.
@MainActor @Observable final class PeopleViewModel {
    private let client: ODataClient
    private(set) var people: [Person] = []
    private(set) var selected: Person?
    private(set) var pageSizes: [Int] = []

    init(client: ODataClient) { self.client = client }

    func add(userName: String, firstName: String, lastName: String) async throws {
        let person = Person(key: EntityKey(userName))
        person.firstName = firstName
        person.lastName = lastName
        person.emails = []
        try await client.create(person)
        people.append(person)
    }

    func search(lastName: String) async throws {
        people = try await client.retrieveAll(Query<Person>().filter { $0.lastName == lastName }.orderBy(\.userName))
    }

    func loadPages(lastName: String) async throws {
        pageSizes = []
        var found: [Person] = []
        for try await page in client.pages(Query<Person>().filter { $0.lastName == lastName }.orderBy(\.userName)) {
            pageSizes.append(page.entities.count)
            found += page.entities
        }
        people = found
    }

    /// One entity at a time across the pages, from a query kept since `prepare`.
    private var pending: EntityPages<Person>?

    func prepare(lastName: String) {
        pending = client.pages(Query<Person>().filter { $0.lastName == lastName }.orderBy(\.userName))
    }

    func loadOneByOne() async throws {
        guard let pending else { return }
        people = []
        for try await person in pending.entities { people.append(person) }
    }

    func show(userName: String) async throws {
        selected = try await client.retrieve(Person.self, key: EntityKey(userName))
    }

    /// The same through the generated service, whose accessors also run on the caller's actor.
    func showThroughService(userName: String) async throws {
        let service = ContainerService(client: client)
        selected = try await service.people.retrieve(EntityKey(userName))
        if let person = selected {
            person.middleName = "S"
            try await service.people.update(person)
        }
    }

    func rename(_ person: Person, to firstName: String) async throws {
        person.firstName = firstName
        try await client.update(person)
    }

    func remove(_ person: Person) async throws {
        try await client.delete(person)
        people.removeAll { $0 == person }
    }

    func favoriteAirline(of person: Person) async throws -> Airline? {
        try await client.invoke(GetFavoriteAirlineRequest(boundTo: EntityKey(person.userName ?? "")))
    }

    /// Renames everyone shown in one change set.
    func renameAll(lastName: String) async throws -> [Int] {
        for person in people { person.lastName = lastName }
        let requests = try people.map { try client.updateRequest($0) }
        let responses = try await client.batch([.changeSet(requests)])
        for person in people { person.acceptChanges() }
        return responses.map(\.statusCode)
    }
}

extension ODataV4Live {
    @Suite struct MainActorViewModelTests {
        @MainActor @Test func aMainActorViewModelCallsEveryOperation() async throws {
            let root = try #require(LiveServers.v4, LiveServers.skipMessage)
            let registry = EntityRegistry()
            GeneratedEntities.register(in: registry)
            let model = PeopleViewModel(
                client: ODataClient(ODataClient.Configuration(serviceRoot: root, registry: registry))
            )
            let family = "ViewModel" + LiveServers.runId
            let names = (1...3).map { "vm\($0)-" + LiveServers.runId }
            for name in names { try await model.add(userName: name, firstName: "F", lastName: family) }

            try await model.search(lastName: family)
            #expect(model.people.compactMap(\.userName) == names)
            try await model.loadPages(lastName: family)
            #expect(model.pageSizes == [2, 1])
            model.prepare(lastName: family)
            try await model.loadOneByOne()
            #expect(model.people.compactMap(\.userName) == names)

            try await model.show(userName: names[0])
            let shown = try #require(model.selected)
            try await model.rename(shown, to: "Renamed")
            try await model.show(userName: names[0])
            #expect(model.selected?.firstName == "Renamed")
            try await model.showThroughService(userName: names[1])
            try await model.show(userName: names[1])
            #expect(model.selected?.middleName == "S")
            #expect(try await model.favoriteAirline(of: shown) == nil)

            let statuses = try await model.renameAll(lastName: family + "B")
            #expect(statuses.allSatisfy { (200..<300).contains($0) })
            try await model.search(lastName: family + "B")
            #expect(model.people.count == 3)

            for person in model.people { try await model.remove(person) }
            #expect(model.people.isEmpty)
            try await model.search(lastName: family + "B")
            #expect(model.people.isEmpty)
        }
    }
}
