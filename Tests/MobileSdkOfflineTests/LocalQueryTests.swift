import Foundation
import GRDB
import MobileSdk
import MobileSdkOffline
import Testing
import TripPinModel

/// Typed queries evaluated by the store in SQLite, on records put in as if downloaded.
@Suite struct LocalQueryTests {
    init() { GeneratedEntities.register() }

    static func person(_ userName: String, _ first: String, _ last: String, age: Int32?, emails: [String] = [])
        -> Person
    {
        let person = Person(key: EntityKey(userName))
        person.firstName = first
        person.lastName = last
        person.age = age
        person.emails = emails
        person.gender = age.map { $0 % 2 == 0 ? .female : .male }
        person.acceptChanges()
        return person
    }

    static func store() throws -> OfflineStore {
        let store = try OfflineStore.inMemory(types: [Person.self, Airline.self])
        try store.insertDownloaded([
            person("russellwhyte", "Russell", "Whyte", age: 33, emails: ["russell@example.com"]),
            person("scottketchum", "Scott", "Ketchum", age: 28, emails: ["scott@example.com", "sk@contoso.com"]),
            person("ronaldmundy", "Ronald", "Mundy", age: nil),
            person("javieralfred", "Javier", "Alfred", age: 45, emails: ["javier@contoso.com"]),
            person("willieashmore", "Willie", "Ashmore", age: 28),
        ])
        return store
    }

    @Test func filtersOrdersAndPages() throws {
        let store = try Self.store()
        let adults = try store.fetch(Query<Person>().filter { $0.age >= 28 }.orderBy(\.age, descending: true))
        #expect(adults.map(\.userName) == ["javieralfred", "russellwhyte", "scottketchum", "willieashmore"])
        let page = try store.fetch(Query<Person>().orderBy(\.lastName).skip(1).top(2))
        #expect(page.map(\.lastName) == ["Ashmore", "Ketchum"])
        #expect(try store.count(Query<Person>().filter { $0.age == nil }) == 1)
        #expect(try store.count(Query<Person>()) == 5)
    }

    @Test func nullIsAValueToEqualityAndUnknownToOrdering() throws {
        let store = try Self.store()
        // Ronald has no age: `age ne 28` holds for him, `age lt 30` and `not (age lt 30)` do not.
        let notYoung = try store.fetch(Query<Person>().filter { !($0.age < 30) }.orderBy(\.lastName))
        #expect(notYoung.map(\.userName) == ["javieralfred", "russellwhyte"])
        #expect(try store.fetch(Query<Person>().filter { $0.age != 28 }).count == 3)
        #expect(try store.fetch(Query<Person>().filter { !($0.lastName.contains("x")) }).count == 5)
    }

    @Test func stringFunctionsAreCaseSensitive() throws {
        let store = try Self.store()
        #expect(
            try store.fetch(Query<Person>().filter { $0.lastName.contains("h") }).compactMap(\.userName).sorted() == [
                "russellwhyte", "scottketchum", "willieashmore",
            ]
        )
        #expect(try store.fetch(Query<Person>().filter { $0.firstName.hasPrefix("R") }).count == 2)
        #expect(try store.fetch(Query<Person>().filter { $0.firstName.hasSuffix("") }).count == 5)
        #expect(try store.fetch(Query<Person>().filter { $0.firstName.hasPrefix("r") }).isEmpty)
    }

    @Test func lambdaOverCollectionsOfPrimitives() throws {
        let store = try Self.store()
        let contoso = try store.fetch(Query<Person>().filter { $0.emails.any { $0.hasSuffix("@contoso.com") } })
        #expect(contoso.compactMap(\.userName).sorted() == ["javieralfred", "scottketchum"])
        let all = try store.fetch(Query<Person>().filter { $0.emails.all { $0.contains("example") } })
        // `all` over an empty collection holds.
        #expect(all.compactMap(\.userName).sorted() == ["ronaldmundy", "russellwhyte", "willieashmore"])
    }

    @Test func enumerationsAndIsIn() throws {
        let store = try Self.store()
        #expect(try store.count(Query<Person>().filter { $0.gender == .female }) == 2)
        #expect(try store.fetch(Query<Person>().filter { $0.age.isIn([28, 45]) }).count == 3)
    }

    @Test func selectLoadsOnlyTheSelectedPropertiesAndTheKey() throws {
        let store = try Self.store()
        let people = try store.fetch(Query<Person>().select(\.firstName).filter { $0.lastName == "Whyte" })
        #expect(people.count == 1)
        #expect(people[0].firstName == "Russell")
        #expect(people[0].userName == "russellwhyte")
        #expect(people[0].lastName == nil)
    }

    @Test func recordsComeBackUnchangedWithTheirValues() throws {
        let store = try Self.store()
        let person = try #require(try store.entity(Person.self, key: EntityKey("scottketchum")))
        #expect(person.emails == ["scott@example.com", "sk@contoso.com"])
        #expect(person.gender == .female)
        #expect(person.changedAttributeNames.isEmpty)
        #expect(try store.entity(Person.self, key: EntityKey("nobody")) == nil)
    }

    @Test func aClassTheStoreDoesNotKeepIsAClearError() throws {
        let store = try Self.store()
        #expect(throws: OfflineStoreError.unknownType("Sample.TripPin.Airport")) { try store.fetch(Query<Airport>()) }
    }

    @Test func declaredIndexesAreKeptAndDroppedWithTheDeclaration() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("StoreIndex-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("store.sqlite")
        func indexNames() throws -> [String] {
            try DatabaseQueue(path: url.path)
                .read { db in
                    try String.fetchAll(
                        db,
                        sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE '$index%'"
                    )
                }
        }
        do {
            let store = try OfflineStore(
                at: url,
                client: nil,
                definingQueries: [],
                types: [Person.self],
                indexes: [StoreIndex(Person.self, \.lastName, \.firstName)]
            )
            try store.insertDownloaded([
                Self.person("b", "Ann", "Zed", age: 1), Self.person("a", "Bob", "Zed", age: 2),
                Self.person("c", "Cy", "Alder", age: 3),
            ])
            let page = try store.fetch(Query<Person>().orderBy(\.lastName).orderBy(\.firstName).top(2))
            #expect(page.map(\.userName) == ["c", "b"])
        }
        let names = try indexNames()
        #expect(names.count == 1 && names.first?.hasSuffix("_LastName_FirstName_UserName_$key") == true, "\(names)")
        _ = try OfflineStore(at: url, client: nil, definingQueries: [], types: [Person.self])
        #expect(try indexNames().isEmpty)
        #expect(throws: OfflineStoreError.self) {
            try OfflineStore.inMemory(types: [Person.self], indexes: [StoreIndex(Person.self, \.emails)])
        }
    }
}
