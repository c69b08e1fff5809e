import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkOffline
import TestSupport
import Testing
import TripPinModel

extension OfflineLive {
    /// Records of a containing navigation property (TripPin's `Person/Trips`) are told apart by their parent: their
    /// own keys are unique only within it. Removing the parent, in any way, removes what it contains.
    @Suite(.serialized) struct ContainmentLiveTests {
        init() { GeneratedEntities.register() }

        /// Four people, each holding a trip with `TripId` 1 of another budget.
        static let budgets: [String: Double] = ["ada": 100, "bob": 200, "cyd": 300, "dee": 400]

        static func seed() async throws {
            try await OfflineServer.reset()
            for (userName, budget) in budgets.sorted(by: { $0.key < $1.key }) {
                var person = OfflineServer.person(
                    userName,
                    userName.capitalized,
                    "Tripper",
                    age: 30,
                    emails: [],
                    gender: "Female",
                    city: nil
                )
                person["Trips"] = [
                    [
                        "TripId": 1, "ShareId": "9d9b2fa0-efbf-490e-a5e3-bac8f7d47354", "Name": "Trip of \(userName)",
                        "Budget": budget, "Description": "", "Tags": [], "StartsAt": "2026-01-01T00:00:00Z",
                        "EndsAt": "2026-01-04T00:00:00Z",
                    ]
                ]
                let (status, _) = try await OfflineServer.http("POST", "People", json: person)
                #expect(status == 201)
            }
        }

        static func store() throws -> OfflineStore {
            let file = try Paths.temporaryDirectory().appendingPathComponent("store.sqlite")
            return try OfflineStore(
                at: file,
                client: try OfflineServer.client(),
                definingQueries: [OfflineLive.OfflineLiveTests.peopleWithTrips]
            )
        }

        /// Each person's trips' budgets as the store has them.
        static func localBudgets(_ store: OfflineStore) throws -> [String: [Double]] {
            var budgets: [String: [Double]] = [:]
            for person in try store.fetch(Query<Person>().expand(\.trips)) {
                let trips: [Trip] = person.trips ?? []
                budgets[person.userName ?? ""] = trips.map { trip in trip.budget.map(Double.init) ?? -1 }
            }
            return budgets
        }

        /// The budgets of a person's trips on the server, read with plain HTTP.
        static func serverBudgets(_ userName: String) async throws -> [Double] {
            let body = try #require(try await OfflineServer.http("GET", "People('\(userName)')/Trips").body)
            return (body["value"] as? [[String: Any]] ?? []).compactMap { ($0["Budget"] as? NSNumber)?.doubleValue }
        }

        @Test func tripsWithTheSameKeyInDifferentPeopleStayApart() async throws {
            try await Self.seed()
            let store = try Self.store()
            try await store.download()
            let local = try Self.localBudgets(store)
            for (userName, budget) in Self.budgets {
                #expect(try await Self.serverBudgets(userName) == [budget])
                #expect(local[userName] == [budget], "\(userName)'s trip")
            }
            #expect(try store.count(Query<Trip>()) == 4)
            let ada = try #require(try store.entity(Query<Person>().expand(\.trips), key: EntityKey("ada")))
            #expect(ada.trips?.map(\.name) == ["Trip of ada"])
        }

        @Test func aPersonDeletedOnTheServerTakesItsTripsAlongInADelta() async throws {
            try await Self.seed()
            let store = try Self.store()
            try await store.download()
            #expect(try await OfflineServer.http("DELETE", "People('bob')", headers: ["If-Match": "*"]).status == 204)
            let report = try #require(try await store.download().queries.first)
            #expect(report.wasDelta)
            #expect(report.removedCount == 1)
            #expect(report.removedContainedCount == 1)
            #expect(try store.count(Query<Trip>()) == 3)
            #expect(try Self.localBudgets(store)["bob"] == nil)
            // Nothing is left over for a later read to find.
            try await OfflineServer.expireDeltaTokens()
            let again = try #require(try await store.download().queries.first)
            #expect(again.deltaExpired)
            #expect(again.removedCount == 0)
            #expect(again.removedContainedCount == 0)
        }

        @Test func aKeyDiffRemovesAPersonWithItsTripsAndATripItsPersonNoLongerHolds() async throws {
            try await Self.seed()
            let store = try Self.store()
            try await store.download()
            #expect(try await OfflineServer.http("DELETE", "People('cyd')", headers: ["If-Match": "*"]).status == 204)
            // dee again, without her trip (odatapy addresses no contained record by key, to delete it alone).
            #expect(try await OfflineServer.http("DELETE", "People('dee')", headers: ["If-Match": "*"]).status == 204)
            let dee = OfflineServer.person("dee", "Dee", "Tripper", age: 30, emails: [], gender: "Female", city: nil)
            #expect(try await OfflineServer.http("POST", "People", json: dee).status == 201)
            try await OfflineServer.expireDeltaTokens()
            let report = try #require(try await store.download().queries.first)
            #expect(report.deltaExpired)
            #expect(report.removedCount == 1)
            #expect(report.removedContainedCount == 2, "cyd's trip, and the trip dee no longer holds")
            let local = try Self.localBudgets(store)
            #expect(local["cyd"] == nil)
            #expect(local["dee"] == [])
            #expect(local["ada"] == [100])
            #expect(try store.count(Query<Trip>()) == 2)
        }

        @Test func tripsChangedHereReachTheirPeopleOnTheServer() async throws {
            try await Self.seed()
            let store = try Self.store()
            try await store.download()
            let people = try store.fetch(Query<Person>().expand(\.trips))
            let ada = try #require(people.first { $0.userName == "ada" })
            let bob = try #require(people.first { $0.userName == "bob" })
            let adasTrip = try #require(ada.trips?.first)
            adasTrip.budget = 150
            try store.update(adasTrip, in: ada, \.trips)
            let second = Trip(creatingWithKey: EntityKey(Int32(2)))
            second.shareId = UUID()
            second.name = "Second"
            second.budget = 50
            second.tags = []
            second.startsAt = Date(timeIntervalSince1970: 1_800_000_000)
            second.endsAt = Date(timeIntervalSince1970: 1_800_086_400)
            try store.create(second, in: ada, \.trips)
            try store.delete(try #require(bob.trips?.first), in: bob, \.trips)

            let report = try await store.upload()
            #expect(report.sentCount == 3)
            #expect(report.archivedCount == 0)
            #expect(try await Self.serverBudgets("ada").sorted() == [50, 150])
            #expect(try await Self.serverBudgets("bob") == [])
            #expect(try await Self.serverBudgets("cyd") == [300])
            try await store.download()
            let local = try Self.localBudgets(store)
            #expect(local["ada"]?.sorted() == [50, 150])
            #expect(local["bob"] == [])
            #expect(local["cyd"] == [300])
        }

        @Test func aPersonDeletedHereGoesWithItsTripsAndStaysGoneAfterTheUpload() async throws {
            try await Self.seed()
            let store = try Self.store()
            try await store.download()
            try store.delete(try #require(try store.entity(Person.self, key: EntityKey("ada"))))
            #expect(try store.count(Query<Trip>()) == 3)
            let upload = try await store.upload()
            #expect(upload.sentCount == 1)
            #expect(try await OfflineServer.http("GET", "People('ada')").status == 404)
            try await OfflineServer.expireDeltaTokens()
            let report = try #require(try await store.download().queries.first)
            #expect(report.removedCount == 0)
            #expect(report.removedContainedCount == 0)
            #expect(try Self.localBudgets(store) == ["bob": [200], "cyd": [300], "dee": [400]])
        }
    }
}
