import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkTesting
import Testing
import TripPinModel

/// Generated TripPin classes against a real OData v4 server (odatapy serving SampleMetadata/TripPin.xml, pages of 2):
/// create → retrieve → update (only changed fields) → query with paging → delete, each checked on the server with
/// plain HTTP.
extension ODataV4Live {
    @Suite struct ODataV4LiveTests {
        private let root: URL
        private let transport = LiveServers.recordingTransport()
        private let client: ODataClient

        init() throws {
            root = try #require(LiveServers.v4, LiveServers.skipMessage)
            client = LiveServers.client(root, transport: transport, register: GeneratedEntities.register(in:))
        }

        private func person(_ userName: String, first: String, last: String) -> Person {
            // UserName is the key, chosen by the client and read-only after creation.
            let person = Person(creatingWithKey: EntityKey(userName))
            person.firstName = first
            person.lastName = last
            person.middleName = "Q"
            person.gender = .female
            person.age = 34
            person.emails = ["\(userName)@example.com"]
            person.favoriteFeature = .wifi
            var home = Location()
            home.address = "187 Suffolk Ln."
            person.homeAddress = home
            return person
        }

        @Test func createRetrieveUpdateDelete() async throws {
            let userName = "ada-" + LiveServers.runId
            let path = "People('\(userName)')"
            let created = person(userName, first: "Ada", last: "Lovelace")

            let location = try await client.create(created)
            #expect(location.url.hasSuffix(path) || location.url.hasSuffix(ServerProbe.encoded(path)))
            #expect(created.changedAttributeNames.isEmpty)
            let onServer = try await ServerProbe.get(root, ServerProbe.encoded(path))
            #expect(onServer.status == 200)
            #expect(onServer.json?["FirstName"] as? String == "Ada")
            #expect(onServer.json?["Gender"] as? String == "Female")
            #expect((onServer.json?["HomeAddress"] as? [String: Any])?["Address"] as? String == "187 Suffolk Ln.")

            let retrieved = try await client.retrieve(Person.self, key: EntityKey(userName))
            #expect(retrieved.firstName == "Ada")
            #expect(retrieved.gender == .female)
            #expect(retrieved.age == 34)
            #expect(retrieved.emails == ["\(userName)@example.com"])
            #expect(retrieved.homeAddress?.address == "187 Suffolk Ln.")
            #expect(retrieved.changedAttributeNames.isEmpty)

            retrieved.firstName = "Augusta Ada"
            retrieved.middleName = nil
            try await client.update(retrieved)
            let patch = try #require(transport.requests.last)
            #expect(patch.method == "PATCH")
            let sent = try #require(try JSONSerialization.jsonObject(with: patch.body ?? Data()) as? [String: Any])
            #expect(sent.keys.sorted() == ["FirstName", "MiddleName"])
            #expect(sent["MiddleName"] is NSNull)
            let updated = try await ServerProbe.get(root, ServerProbe.encoded(path))
            #expect(updated.json?["FirstName"] as? String == "Augusta Ada")
            #expect(updated.json?["MiddleName"] is NSNull)
            #expect(updated.json?["LastName"] as? String == "Lovelace")
            #expect(updated.json?["Age"] as? Int == 34)

            try await client.delete(retrieved)
            #expect(try await ServerProbe.get(root, ServerProbe.encoded(path)).status == 404)
            await #expect(throws: ODataServiceError.self) {
                try await client.retrieve(Person.self, key: EntityKey(userName))
            }
        }

        @Test func queryFollowsServerPagingWithoutLossOrDuplicates() async throws {
            let family = "Paging" + LiveServers.runId
            let names = (1...5).map { "p\($0)-" + LiveServers.runId }
            for (index, name) in names.enumerated() {
                try await client.create(person(name, first: "F\(index)", last: family))
            }
            let query = ODataQuery(
                select: ["UserName", "FirstName"],
                filter: "LastName eq '\(family)'",
                orderBy: ["UserName desc"],
                count: true
            )

            var pageSizes: [Int] = []
            var seen: [String] = []
            for try await page in client.pages(Person.self, query: query) {
                pageSizes.append(page.entities.count)
                seen += page.entities.compactMap(\.userName)
                if pageSizes.count == 1 { #expect(page.totalCount == 5) }
            }
            #expect(pageSizes == [2, 2, 1])
            #expect(seen == names.sorted(by: >))

            let all = try await client.retrieveAll(Person.self, query: query)
            #expect(all.compactMap(\.userName) == names.sorted(by: >))
            #expect(all.allSatisfy { $0.lastName == nil && $0.firstName != nil })

            // The same rows as a hand-written request.
            let direct = try await ServerProbe.get(
                root,
                ServerProbe.encoded("People?$filter=LastName eq '\(family)'&$count=true")
            )
            #expect(direct.json?["@odata.count"] as? Int == 5)

            for name in names { try await client.delete(Person.self, key: EntityKey(name)) }
            let after = try await ServerProbe.get(
                root,
                ServerProbe.encoded("People?$filter=LastName eq '\(family)'&$count=true")
            )
            #expect(after.json?["@odata.count"] as? Int == 0)
        }

        @Test func typedQueriesReturnTheRowsOfTheHandWrittenURL() async throws {
            let family = "Typed" + LiveServers.runId
            let ages: [Int32] = [17, 25, 31, 44, 58]
            for (index, age) in ages.enumerated() {
                let created = person(
                    "t\(index)-" + LiveServers.runId,
                    first: index.isMultiple(of: 2) ? "Ann'e" : "Bob",
                    last: family
                )
                created.age = age
                try await client.create(created)
            }
            let typed = Query<Person>().select(\.userName, \.age)
                .filter {
                    $0.lastName == family && ($0.age >= 25 || $0.firstName == "Ann'e")
                        && $0.emails.any { $0.hasSuffix("@example.com") }
                }
                // Enumeration literals go qualified (`Ns.Type'Member'`), as odatapy requires.
                .filter { $0.favoriteFeature != [.lounge] }.orderBy(\.age, descending: true)
            let rows = try await client.retrieveAll(typed)
            let direct = try await ServerProbe.all(
                root,
                ServerProbe.encoded(
                    "People?$select=UserName,Age&$filter=LastName eq '\(family)' and (Age ge 25 or FirstName eq 'Ann''e') and Emails/any(e:endswith(e,'@example.com')) and FavoriteFeature ne Sample.TripPin.Feature'Lounge'&$orderby=Age desc"
                )
            )
            let expected = direct.compactMap { $0["UserName"] as? String }
            #expect(rows.compactMap(\.userName) == expected)
            #expect(rows.compactMap(\.age) == [58, 44, 31, 25, 17])
            for index in ages.indices {
                try await client.delete(Person.self, key: EntityKey("t\(index)-" + LiveServers.runId))
            }
        }

        /// The Queries article's `.filter { $0.gender == .male }`, and a flags value, against the server.
        @Test func typedQueriesOnEnumerations() async throws {
            let family = "Enum" + LiveServers.runId
            let people: [(PersonGender, Feature)] = [(.male, [.wifi, .lounge]), (.female, .wifi), (.male, .wifi)]
            for (index, (gender, feature)) in people.enumerated() {
                let created = person("e\(index)-" + LiveServers.runId, first: "Eve", last: family)
                created.gender = gender
                created.favoriteFeature = feature
                try await client.create(created)
            }
            let men = try await client.retrieveAll(
                Query<Person>().filter { $0.lastName == family }.filter { $0.gender == .male }.orderBy(\.userName)
            )
            #expect(men.compactMap(\.userName) == ["e0-" + LiveServers.runId, "e2-" + LiveServers.runId])
            let both = try await client.retrieveAll(
                Query<Person>().filter { $0.lastName == family && $0.favoriteFeature == [.wifi, .lounge] }
            )
            #expect(both.compactMap(\.userName) == ["e0-" + LiveServers.runId])
            let direct = try await ServerProbe.all(
                root,
                ServerProbe.encoded(
                    "People?$filter=LastName eq '\(family)' and Gender eq Sample.TripPin.PersonGender'Male'"
                )
            )
            #expect(direct.count == 2)
            for index in people.indices {
                try await client.delete(Person.self, key: EntityKey("e\(index)-" + LiveServers.runId))
            }
        }

        @Test func typedQueriesThroughComplexValues() async throws {
            let family = "Complex" + LiveServers.runId
            let homes = [("1 Main St", "Boise"), ("2 Oak Ave", "Seattle"), ("3 Elm Rd", "Boise")]
            for (index, home) in homes.enumerated() {
                let created = person("c\(index)-" + LiveServers.runId, first: "Cy", last: family)
                var city = City()
                city.name = home.1
                var location = Location()
                location.address = home.0
                location.city = city
                created.homeAddress = location
                try await client.create(created)
            }
            let typed = Query<Person>().select(\.userName)
                .filter { $0.lastName == family && $0.homeAddress.city.name == "Boise" }
                .orderBy(\.homeAddress?.address, descending: true)
            let rows = try await client.retrieveAll(typed)
            let direct = try await ServerProbe.all(
                root,
                ServerProbe.encoded(
                    "People?$select=UserName&$filter=LastName eq '\(family)' and HomeAddress/City/Name eq 'Boise'&$orderby=HomeAddress/Address desc"
                )
            )
            #expect(rows.compactMap(\.userName) == direct.compactMap { $0["UserName"] as? String })
            #expect(rows.compactMap(\.userName) == ["c2-" + LiveServers.runId, "c0-" + LiveServers.runId])
            for index in homes.indices {
                try await client.delete(Person.self, key: EntityKey("c\(index)-" + LiveServers.runId))
            }
        }

        @Test func associateAndExpand() async throws {
            let first = person("a-" + LiveServers.runId, first: "Russell", last: "Whyte")
            let second = person("b-" + LiveServers.runId, first: "Scott", last: "Ketchum")
            try await client.create(first)
            try await client.create(second)

            try await client.associate(first, \.friends, with: second)
            let expanded = try await client.retrieve(
                Person.self,
                key: EntityKey(first.userName ?? ""),
                expand: ["Friends"]
            )
            #expect(expanded.friends?.compactMap(\.userName) == [second.userName].compactMap { $0 })
            #expect(expanded.friends?.first?.firstName == "Scott")
            // The same read typed: only what the query selects, the friends with their own selection.
            let typed = try await client.retrieve(
                Query<Person>().select(\.firstName).expand(\.friends) { $0.select(\.lastName) },
                key: EntityKey(first.userName ?? "")
            )
            #expect(typed.firstName == "Russell" && typed.lastName == nil)
            #expect(typed.friends?.compactMap(\.lastName) == ["Ketchum"] && typed.friends?.first?.firstName == nil)
            await #expect(throws: ODataClientError.self) {
                try await client.retrieve(Query<Person>().top(1), key: EntityKey(first.userName ?? ""))
            }

            try await client.disassociate(first, \.friends, from: second)
            let links = try await ServerProbe.get(
                root,
                ServerProbe.encoded("People('\(first.userName ?? "")')/Friends")
            )
            #expect((links.json?["value"] as? [Any])?.isEmpty == true)

            try await client.delete(first)
            try await client.delete(second)
        }

        @Test func eTagsGuardUpdates() async throws {
            let airport = Airport()
            airport.icaoCode = "T" + LiveServers.runId.prefix(3).uppercased()
            airport.name = "Test Field"
            airport.elevationFeet = 120
            try await client.create(airport)
            let loaded = try await client.retrieve(Airport.self, key: EntityKey(airport.icaoCode ?? ""))
            let firstTag = try #require(loaded.eTag)

            loaded.name = "Test Field North"
            try await client.update(loaded)
            #expect(transport.requests.last?[header: "If-Match"] == firstTag)
            #expect(loaded.eTag != firstTag)

            // A second copy still holding the first ETag is refused: the record changed since.
            let stale = try await client.retrieve(Airport.self, key: EntityKey(airport.icaoCode ?? ""))
            stale.eTag = firstTag
            stale.elevationFeet = 5
            await #expect { try await client.update(stale) } throws: { error in
                guard let error = error as? ODataServiceError, case .conflict = error.reason else { return false }
                return error.statusCode == 412
            }
            let onServer = try await ServerProbe.get(root, "Airports('\(airport.icaoCode ?? "")')")
            #expect(onServer.json?["ElevationFeet"] as? Int == 120)
            #expect(onServer.json?["Name"] as? String == "Test Field North")
            try await client.delete(loaded)
        }

        /// The object a list shows is read again where it is: the record's values on the service and its new ETag,
        /// the unsaved change gone.
        @Test func reloadRefreshesTheObjectInPlace() async throws {
            let airport = Airport()
            airport.icaoCode = "R" + LiveServers.runId.prefix(3).uppercased()
            airport.name = "Reload Field"
            airport.elevationFeet = 10
            try await client.create(airport)
            let shown = try await client.retrieve(Airport.self, key: EntityKey(airport.icaoCode ?? ""))
            let elsewhere = try await client.retrieve(Airport.self, key: EntityKey(airport.icaoCode ?? ""))
            elsewhere.elevationFeet = 11
            try await client.update(elsewhere)
            shown.name = "Not saved"

            try await client.reload(shown)
            #expect(shown.elevationFeet == 11 && shown.name == "Reload Field")
            #expect(shown.eTag == elsewhere.eTag && shown.eTag != nil)
            #expect(shown.changedAttributeNames.isEmpty)
            try await client.delete(shown)
            await #expect { try await client.reload(shown) } throws: { error in
                (error as? ODataServiceError)?.reason == .notFound
            }
        }

        @Test func compositeKeys() async throws {
            let rating = TripRating()
            rating.tripId = 7
            rating.userName = "rater-" + LiveServers.runId
            rating.stars = 4
            rating.ratedOn = DateOnly(year: 2026, month: 2, day: 28)
            try await client.create(rating)
            let key = EntityKey(["TripId": .int32(7), "UserName": .string(rating.userName ?? "")])

            let loaded = try await client.retrieve(TripRating.self, key: key)
            #expect(loaded.stars == 4 && loaded.ratedOn == DateOnly(year: 2026, month: 2, day: 28))
            loaded.stars = 5
            try await client.update(loaded)
            let path = "TripRatings(TripId=7,UserName='\(rating.userName ?? "")')"
            #expect(try await ServerProbe.get(root, path).json?["Stars"] as? Int == 5)
            try await client.delete(TripRating.self, key: key)
            #expect(try await ServerProbe.get(root, path).status == 404)
        }

        @Test func serviceErrorsAreTyped() async throws {
            await #expect {
                try await client.retrieveMultiple(Person.self, query: ODataQuery(filter: "Nope eq 1"))
            } throws: { error in
                guard let error = error as? ODataServiceError, case .validation = error.reason else { return false }
                return error.statusCode == 400 && error.message.contains("Nope") && error.request.hasPrefix("GET ")
            }
        }

        /// A missing record: the reason an app branches on, and the service's message once, as an alert shows it.
        @Test func aMissingRecordReadsAsTheServiceSaysIt() async throws {
            let error = await #expect(throws: ODataServiceError.self) {
                try await client.retrieve(Person.self, key: EntityKey("nobody-" + LiveServers.runId))
            }
            let failure = try #require(error)
            #expect(failure.reason == .notFound)
            #expect(!failure.message.isEmpty)
            #expect((failure as any Error).localizedDescription == failure.message)
            #expect(!failure.description.contains("404 404"), "\(failure)")
        }
    }
}
