import Foundation
import MobileSdk
import MobileSdkClient
import Testing
import TripPinModel

/// Functions, actions and `$batch` against the real OData v4 server, whose implementations of the TripPin
/// operations are documented in Tests/Servers/odata_v4_server.py.
extension ODataV4Live {
    @Suite struct ODataV4OperationLiveTests {
        private let root: URL
        private let client: ODataClient
        /// A three-letter airline code of this run (Airline.AirlineCode has MaxLength 3).
        private let code = "Q" + LiveServers.runId.prefix(2).uppercased()

        init() throws {
            root = try #require(LiveServers.v4, LiveServers.skipMessage)
            let registry = EntityRegistry()
            GeneratedEntities.register(in: registry)
            client = ODataClient(ODataClient.Configuration(serviceRoot: root, registry: registry))
        }

        private func person(_ userName: String, email: String, trips: [Trip] = []) -> Person {
            let person = Person()
            person.setValue(userName, for: "UserName")  // read-only: the key
            person.firstName = "F"
            person.lastName = "L"
            person.gender = .unknown
            person.emails = [email]
            person.favoriteFeature = .noneValue
            if !trips.isEmpty { person.trips = trips }
            return person
        }

        private func trip(_ id: Int32, tags: [String]) -> Trip {
            let trip = Trip()
            trip.tripId = id
            trip.shareId = UUID()
            trip.name = "Trip \(id)"
            trip.budget = 1500
            trip.tags = tags
            trip.startsAt = Date(timeIntervalSince1970: 1_767_225_600)
            trip.endsAt = Date(timeIntervalSince1970: 1_767_312_000)
            return trip
        }

        @Test func boundFunctionReturnsAnEntity() async throws {
            let airline = Airline()
            airline.airlineCode = code
            airline.name = "Run Air"
            try await client.create(airline)
            let traveller = person("fav-" + LiveServers.runId, email: "me@\(code.lowercased()).example")
            try await client.create(traveller)

            let result = try await client.invokeFunction(
                "Sample.TripPin.GetFavoriteAirline",
                binding: .entity(entitySet: "People", key: EntityKey(traveller.userName ?? ""))
            )
            let favorite = try result.entity(Airline.self)
            #expect(favorite.airlineCode == code)
            #expect(favorite.name == "Run Air")
            let direct = try await ServerProbe.get(
                root,
                "People('\(traveller.userName ?? "")')/Sample.TripPin.GetFavoriteAirline()"
            )
            #expect(direct.json?["AirlineCode"] as? String == favorite.airlineCode)

            try await client.delete(traveller)
            try await client.delete(airline)
        }

        @Test func unboundFunctionTakesParametersAsAliases() async throws {
            let airport = Airport()
            airport.icaoCode = "N" + LiveServers.runId.prefix(3).uppercased()
            airport.name = "Far North"
            var location = AirportLocation()
            location.loc = SpatialValue.point(longitude: 179.5, latitude: 89.5, srid: nil)
            airport.location = location
            try await client.create(airport)

            let result = try await client.invokeFunction(
                "GetNearestAirport",
                parameters: ["lat": .double(89.4), "lon": .double(179.4)]
            )
            let nearest = try result.entity(Airport.self)
            #expect(nearest.icaoCode == airport.icaoCode)
            #expect(nearest.location?.loc == SpatialValue.point(longitude: 179.5, latitude: 89.5))

            let loaded = try await client.retrieve(Airport.self, key: EntityKey(airport.icaoCode ?? ""))
            try await client.delete(loaded)
        }

        @Test func boundActionChangesTheServersState() async throws {
            let owner = person("own-" + LiveServers.runId, email: "o@x.example", trips: [trip(1, tags: ["coast"])])
            let friend = person("frn-" + LiveServers.runId, email: "f@x.example")
            try await client.create(owner)
            try await client.create(friend)

            let result = try await client.invokeAction(
                "Sample.TripPin.ShareTrip",
                binding: .entity(entitySet: "People", key: EntityKey(owner.userName ?? "")),
                parameters: ["userName": .string(friend.userName ?? ""), "tripId": .int32(1)]
            )
            #expect(result.isEmpty)
            let shared = try await ServerProbe.get(root, "People('\(friend.userName ?? "")')/Trips")
            let trips = try #require(shared.json?["value"] as? [[String: Any]])
            #expect(trips.map { $0["TripId"] as? Int } == [1])
            #expect(trips.first?["Tags"] as? [String] == ["coast"])

            await #expect(throws: ODataServiceError.self) {
                try await client.invokeAction(
                    "Sample.TripPin.ShareTrip",
                    binding: .entity(entitySet: "People", key: EntityKey(owner.userName ?? "")),
                    parameters: ["userName": .string(friend.userName ?? ""), "tripId": .int32(99)]
                )
            }
            try await client.delete(owner)
            try await client.delete(friend)
        }

        @Test func generatedRequestsForAFunctionABoundActionAndAnUnboundAction() async throws {
            let airline = Airline()
            airline.airlineCode = code
            airline.name = "Generated Air"
            try await client.create(airline)
            let owner = person(
                "gen-" + LiveServers.runId,
                email: "g@\(code.lowercased()).example",
                trips: [trip(3, tags: ["lake"])]
            )
            let friend = person("gf-" + LiveServers.runId, email: "f@x.example")
            try await client.create(owner)
            try await client.create(friend)

            // A bound function returning an entity.
            let favorite = try await client.invoke(GetFavoriteAirlineRequest(boundTo: EntityKey(owner.userName ?? "")))
            #expect(favorite?.airlineCode == code)

            // A bound action: the server's state changes as the action says.
            try await client.invoke(
                ShareTripRequest(boundTo: EntityKey(owner.userName ?? ""), userName: friend.userName ?? "", tripId: 3)
            )
            let shared = try await ServerProbe.get(root, "People('\(friend.userName ?? "")')/Trips")
            #expect((shared.json?["value"] as? [[String: Any]])?.map { $0["TripId"] as? Int } == [3])

            // A bound function returning a collection, with a parameter.
            try await client.associate(owner, navigationProperty: "Friends", with: friend)
            let trips = try await client.invoke(
                GetFriendsTripsRequest(boundTo: EntityKey(owner.userName ?? ""), userName: friend.userName ?? "")
            )
            #expect(trips.compactMap(\.tripId) == [3])

            // A composable function bound to a collection, with query options on its result.
            let tagged = try await client.invoke(
                GetTripsByTagRequest(in: "People('\(owner.userName ?? "")')/Trips", tag: "lake"),
                options: ODataQuery(select: ["TripId", "Tags"], top: 1)
            )
            #expect(tagged.compactMap(\.tripId) == [3])

            // An unbound action: the server is empty afterwards.
            try await client.invoke(ResetDataSourceRequest())
            let people = try await ServerProbe.all(root, "People")
            let airlines = try await ServerProbe.all(root, "Airlines")
            #expect(people.isEmpty && airlines.isEmpty)
            #expect(try await client.invoke(GetNearestAirportRequest(lat: 1, lon: 2)) == nil)
        }

        @Test func batchWithAChangeSet() async throws {
            let first = person("b1-" + LiveServers.runId, email: "b1@x.example")
            let second = person("b2-" + LiveServers.runId, email: "b2@x.example")
            let read = try client.readRequest(Person.self, key: EntityKey(first.userName ?? ""))
            let responses = try await client.batch([
                .changeSet([try client.createRequest(first), try client.createRequest(second)]), .request(read),
            ])
            #expect(responses.map(\.statusCode) == [201, 201, 200])
            let body = try #require(try JSONSerialization.jsonObject(with: responses[2].body) as? [String: Any])
            #expect(body["UserName"] as? String == first.userName)
            #expect(try await ServerProbe.get(root, "People('\(second.userName ?? "")')").status == 200)

            try await client.delete(Person.self, key: EntityKey(first.userName ?? ""))
            try await client.delete(Person.self, key: EntityKey(second.userName ?? ""))
        }
    }
}

extension ODataV4Live {
    /// The generated service of TripPin's entity container against the real server.
    @Suite struct ODataV4ServiceLiveTests {
        private let root: URL
        private let service: ContainerService

        init() throws {
            root = try #require(LiveServers.v4, LiveServers.skipMessage)
            let registry = EntityRegistry()
            GeneratedEntities.register(in: registry)
            service = ContainerService(
                client: ODataClient(ODataClient.Configuration(serviceRoot: root, registry: registry))
            )
        }

        @Test func entitySetsSingletonsAndImports() async throws {
            let airport = Airport()
            airport.icaoCode = "S" + LiveServers.runId.prefix(3).uppercased()
            airport.name = "Service Field"
            var location = AirportLocation()
            location.loc = SpatialValue.point(longitude: -179.5, latitude: -89.5)
            airport.location = location
            try await service.airports.create(airport)

            let read = try await service.airports.retrieve(EntityKey(airport.icaoCode ?? ""))
            #expect(read.name == "Service Field")
            read.name = "Service Field South"
            try await service.airports.update(read)
            let found = try await service.airports.query(Query<Airport>().filter { $0.icaoCode == airport.icaoCode })
            #expect(found.compactMap(\.name) == ["Service Field South"])

            let nearest = try await service.getNearestAirport(lat: -89.4, lon: -179.4)
            #expect(nearest?.icaoCode == airport.icaoCode)

            try await service.airports.delete(EntityKey(airport.icaoCode ?? ""))
            #expect(try await ServerProbe.get(root, "Airports('\(airport.icaoCode ?? "")')").status == 404)
            // The server never gives the singleton a value: its error comes back typed.
            await #expect(throws: ODataServiceError.self) { try await service.me.retrieve() }
        }
    }
}
