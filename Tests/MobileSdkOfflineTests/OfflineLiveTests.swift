import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkOffline
import TestSupport
import Testing
import TripPinModel

extension OfflineLive {
    /// The store against the real odatapy server: download, local queries that give what the server gave, local
    /// changes made with the server out of reach, and their upload. One test at a time: each resets the server.
    @Suite(.serialized) struct OfflineLiveTests {
        init() { GeneratedEntities.register() }

        static let people = DefiningQuery("people", Query<Person>())
        static let peopleWithTrips = DefiningQuery("people with trips", Query<Person>().expand(\.trips))

        /// Every query construct the store evaluates, each with whether its order is defined (with `$orderby`).
        static let constructs: [(name: String, ordered: Bool, query: Query<Person>)] = [
            ("all", false, Query<Person>()), ("eq", false, Query<Person>().filter { $0.age == 28 }),
            ("ne", false, Query<Person>().filter { $0.age != 28 }),
            ("eq null", false, Query<Person>().filter { $0.age == nil }),
            ("ne null", false, Query<Person>().filter { $0.age != nil }),
            ("lt", false, Query<Person>().filter { $0.age < 33 }),
            ("le", false, Query<Person>().filter { $0.age <= 33 }),
            ("gt", false, Query<Person>().filter { $0.age > 33 }),
            ("ge", false, Query<Person>().filter { $0.age >= 33 }),
            ("string lt", false, Query<Person>().filter { $0.lastName < "M" }),
            ("and", false, Query<Person>().filter { $0.age >= 20 && $0.gender == .female }),
            ("or", false, Query<Person>().filter { $0.age < 20 || $0.lastName == "Whyte" }),
            ("not", false, Query<Person>().filter { !($0.age < 30) }),
            ("not and", false, Query<Person>().filter { !($0.age > 30 && $0.gender == .male) }),
            ("contains", false, Query<Person>().filter { $0.lastName.contains("h") }),
            ("startswith", false, Query<Person>().filter { $0.firstName.hasPrefix("R") }),
            ("endswith", false, Query<Person>().filter { $0.lastName.hasSuffix("y") }),
            ("case", false, Query<Person>().filter { $0.firstName.hasPrefix("r") }),
            ("non-ASCII", false, Query<Person>().filter { $0.firstName.contains("ë") }),
            ("in", false, Query<Person>().filter { $0.age.isIn([19, 28, 61]) }),
            ("enum", false, Query<Person>().filter { $0.gender == .female }),
            ("any", false, Query<Person>().filter { $0.emails.any { $0.hasSuffix("@contoso.com") } }),
            ("all", false, Query<Person>().filter { $0.emails.all { $0.hasSuffix("@example.com") } }),
            ("complex member", false, Query<Person>().filter { $0.homeAddress.city.name == "Seattle" }),
            ("order asc", true, Query<Person>().orderBy(\.lastName)),
            ("order desc, then", true, Query<Person>().orderBy(\.age, descending: true).orderBy(\.userName)),
            ("order non-ASCII", true, Query<Person>().orderBy(\.firstName, descending: true)),
            ("top", true, Query<Person>().orderBy(\.userName).top(3)),
            ("skip", true, Query<Person>().orderBy(\.userName).skip(4)),
            ("page", true, Query<Person>().filter { $0.age != nil }.orderBy(\.age).orderBy(\.userName).skip(2).top(3)),
            ("select", false, Query<Person>().select(\.firstName, \.age).filter { $0.age > 20 }),
            ("expand", false, Query<Person>().expand(\.trips)),
            ("any over a navigation", false, Query<Person>().filter { $0.trips.any { $0.budget > 3000 } }),
            // Not a lambda inside a lambda: odatapy 5.3.0 pages such a filter inconsistently (a person twice, one
            // missing, in a different order each run).
            ("all over a navigation", false, Query<Person>().filter { $0.trips.all { $0.budget > 1000 } }),
            // Last, in this order: odatapy 5.3.0 cuts its stored collection to what an `$expand` with options returned
            // (the lambdas above would see the cut collection; each person's last trip costs more than 1000, so
            // "expand top" gives the same after "expand filtered").
            (
                "expand filtered, ordered", false,
                Query<Person>().expand(\.trips) { $0.filter { $0.budget > 1000 }.orderBy(\.name) }
            ), ("expand top", false, Query<Person>().expand(\.trips) { $0.orderBy(\.tripId, descending: true).top(1) }),
        ]

        @Test func localQueriesGiveWhatTheServerGave() async throws {
            try await OfflineServer.reset()
            try await OfflineServer.seed(withTrips: true)
            let client = try OfflineServer.client()
            let file = try Paths.temporaryDirectory().appendingPathComponent("store.sqlite")
            let online = try OfflineStore(at: file, client: client, definingQueries: [Self.peopleWithTrips])
            let report = try await online.download()
            #expect(report.queries.map(\.strategy) == [.deltaLink])
            #expect(report.queries.first?.receivedCount == 9)
            // What the server answers to each construct while it is there; downloaded first, as odatapy 5.3.0 changes
            // its data when it answers an `$expand` with options (see the end of the constructs).
            var expected: [[[String: AttributeValue]]] = []
            var counts: [Int] = []
            for construct in Self.constructs {
                let people = try await client.retrieveAll(construct.query)
                expected.append(Self.rows(people, ordered: construct.ordered))
                counts.append(try #require(try await client.retrieveMultiple(construct.query.withCount()).totalCount))
            }
            // The same file opened with the service out of reach: nothing below can reach it.
            let offline = try OfflineStore(
                at: file,
                client: try OfflineServer.client(OfflineServer.unreachable),
                definingQueries: [Self.peopleWithTrips]
            )
            for (index, construct) in Self.constructs.enumerated() {
                let local = try offline.fetch(construct.query)
                #expect(Self.rows(local, ordered: construct.ordered) == expected[index], "\(construct.name)")
                #expect(try offline.count(construct.query) == counts[index], "\(construct.name): $count")
            }
        }

        @Test func changesMadeOfflineReachTheServerOnUpload() async throws {
            try await OfflineServer.reset()
            try await OfflineServer.seed()
            let file = try Paths.temporaryDirectory().appendingPathComponent("store.sqlite")
            try await OfflineStore(at: file, client: try OfflineServer.client(), definingQueries: [Self.people])
                .download()
            let offline = try OfflineStore(
                at: file,
                client: try OfflineServer.client(OfflineServer.unreachable),
                definingQueries: [Self.people]
            )
            let russell = try #require(try offline.entity(Person.self, key: EntityKey("russellwhyte")))
            russell.age = 34
            try offline.update(russell)
            let ronald = try #require(try offline.entity(Person.self, key: EntityKey("ronaldmundy")))
            try offline.delete(ronald)
            let newcomer = Person(key: EntityKey("newcomer"))
            newcomer.firstName = "New"
            newcomer.lastName = "Comer"
            newcomer.emails = []
            try offline.create(newcomer)
            newcomer.age = 22
            try offline.update(newcomer)
            #expect(try offline.pendingRequests().map(\.method) == [.update, .delete, .create])
            await #expect(throws: (any Error).self) { try await offline.upload() }
            #expect(try offline.pendingRequests().count == 3, "a failed upload keeps every change")

            let online = try OfflineStore(at: file, client: try OfflineServer.client(), definingQueries: [Self.people])
            let logStart = try OfflineServer.requestLog().count
            let report = try await online.upload()
            #expect(report.sentCount == 3)
            #expect(try online.pendingRequests().isEmpty)
            #expect(try await OfflineServer.http("GET", "People('russellwhyte')").body?["Age"] as? Int == 34)
            #expect(try await OfflineServer.http("GET", "People('ronaldmundy')").status == 404)
            let created = try await OfflineServer.http("GET", "People('newcomer')").body
            #expect(created?["FirstName"] as? String == "New")
            #expect(created?["Age"] as? Int == 22)
            let posts = try OfflineServer.requestLog().dropFirst(logStart)
                .filter { $0.hasPrefix("POST /odata/People ") }
            #expect(posts.count == 1, "the create was sent once")
        }

        @Test func linksMadeOfflineReachTheServerOnUpload() async throws {
            try await OfflineServer.reset()
            try await OfflineServer.seed()
            let file = try Paths.temporaryDirectory().appendingPathComponent("store.sqlite")
            let friends = DefiningQuery("people with friends", Query<Person>().expand(\.friends))
            try await OfflineStore(at: file, client: try OfflineServer.client(), definingQueries: [friends]).download()
            func serverFriends() async throws -> [String] {
                let body = try await OfflineServer.http("GET", "People('russellwhyte')/Friends").body
                return ((body?["value"] as? [[String: Any]]) ?? []).compactMap { $0["UserName"] as? String }.sorted()
            }
            let offline = try OfflineStore(
                at: file,
                client: try OfflineServer.client(OfflineServer.unreachable),
                definingQueries: [friends]
            )
            let russell = try #require(try offline.entity(Person.self, key: EntityKey("russellwhyte")))
            for name in ["scottketchum", "javieralfred"] {
                let friend = try #require(try offline.entity(Person.self, key: EntityKey(name)))
                try offline.associate(russell, navigationProperty: "Friends", with: friend)
            }
            let online = try OfflineStore(at: file, client: try OfflineServer.client(), definingQueries: [friends])
            #expect(try await online.upload().sentCount == 2)
            #expect(try await serverFriends() == ["javieralfred", "scottketchum"])

            let scott = try #require(try online.entity(Person.self, key: EntityKey("scottketchum")))
            try online.disassociate(russell, navigationProperty: "Friends", from: scott)
            #expect(try await online.upload().sentCount == 1)
            #expect(try await serverFriends() == ["javieralfred"])
            // A download shows what the server holds, which is what the store showed.
            try await online.download()
            let local = try online.fetch(Query<Person>().filter { $0.userName == "russellwhyte" }.expand(\.friends))
            #expect(local.first?.friends?.compactMap(\.userName) == ["javieralfred"])
        }

        @Test func aDeltaBringsOnlyWhatChanged() async throws {
            try await OfflineServer.reset()
            try await OfflineServer.seed()
            let file = try Paths.temporaryDirectory().appendingPathComponent("store.sqlite")
            let store = try OfflineStore(at: file, client: try OfflineServer.client(), definingQueries: [Self.people])
            try await store.download()
            let etag = try #require(
                try await OfflineServer.http("GET", "People('scottketchum')").body?["@odata.etag"] as? String
            )
            try await OfflineServer.http(
                "PATCH",
                "People('scottketchum')",
                json: ["FirstName": "Scotty"],
                headers: ["If-Match": etag]
            )
            try await OfflineServer.http("DELETE", "People('clydeguess')", headers: ["If-Match": "*"])
            try await OfflineServer.http(
                "POST",
                "People",
                json: OfflineServer.person(
                    "angelhuffman",
                    "Angel",
                    "Huffman",
                    age: 30,
                    emails: [],
                    gender: "Female",
                    city: nil
                )
            )
            let logStart = try OfflineServer.requestLog().count
            let report = try #require(try await store.download().queries.first)
            #expect(report.wasDelta)
            #expect(report.receivedCount == 2)
            #expect(report.removedCount == 1)
            let requests = try OfflineServer.requestLog().dropFirst(logStart)
            #expect(requests.count == 1)
            #expect(requests.allSatisfy { $0.contains("$deltatoken=") })
            #expect(try store.entity(Person.self, key: EntityKey("scottketchum"))?.firstName == "Scotty")
            #expect(try store.entity(Person.self, key: EntityKey("clydeguess")) == nil)
            #expect(try store.entity(Person.self, key: EntityKey("angelhuffman"))?.lastName == "Huffman")
            #expect(try store.count(Query<Person>()) == 9)

            // An expired token: the whole result again, with the local changes kept.
            let russell = try #require(try store.entity(Person.self, key: EntityKey("russellwhyte")))
            russell.middleName = "Local"
            try store.update(russell)
            try await OfflineServer.expireDeltaTokens()
            try await OfflineServer.http("DELETE", "People('keithpinckney')", headers: ["If-Match": "*"])
            let fallback = try #require(try await store.download().queries.first)
            #expect(fallback.deltaExpired)
            #expect(!fallback.wasDelta)
            #expect(fallback.removedCount == 1, "the key diff removed the deleted person")
            #expect(try store.entity(Person.self, key: EntityKey("keithpinckney")) == nil)
            #expect(try store.entity(Person.self, key: EntityKey("russellwhyte"))?.middleName == "Local")
            #expect(try store.pendingRequests().count == 1)
        }

        /// The rows of a result, nulls left out (odatapy leaves out null properties, the store reads NULL as absent);
        /// sorted by key when the query defines no order.
        static func rows(_ people: [Person], ordered: Bool) -> [[String: AttributeValue]] {
            func values(_ entity: Entity) -> [String: AttributeValue] {
                var row = entity.attributes.filter { $0.value != .null }
                // Expanded records, in their order, under the navigation property's name.
                for (name, related) in entity.relatedEntities {
                    row["→" + name] = .collection(related.entities.map { .complex(values($0)) })
                }
                return row
            }
            let rows = people.map(values)
            guard !ordered else { return rows }
            return rows.sorted { ($0["UserName"]?.description ?? "") < ($1["UserName"]?.description ?? "") }
        }
    }
}
