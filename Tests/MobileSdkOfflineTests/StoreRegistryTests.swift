import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkOffline
import MobileSdkTesting
import Testing
import TripPinModel

/// A store reads what it downloads with its own registry of classes, the one its uploads write with, whatever the
/// client's.
@Suite struct StoreRegistryTests {
    @Test func aDownloadReadsDerivedTypesWithTheStoresRegistry() async throws {
        let classes = EntityRegistry()
        GeneratedEntities.register(in: classes)
        let transport = ScriptedTransport()
        transport.route(
            "GET",
            "People",
            .json(
                ##"{"value":[{"@odata.type":"#Sample.TripPin.Employee","UserName":"ada","Cost":5},"##
                    + #"{"UserName":"ben"}],"@odata.deltaLink":"People?d=1"}"#
            )
        )
        let root = try #require(URL(string: "https://example.com/odata/"))
        // The client's registry knows no class at all.
        let client = ODataClient(
            ODataClient.Configuration(serviceRoot: root, transport: transport, registry: EntityRegistry())
        )
        let store = try OfflineStore.inMemory(
            types: [Employee.self],
            definingQueries: [DefiningQuery("people", Query<Person>())],
            client: client,
            registry: classes
        )
        try await store.download()
        let ada = try store.entity(Person.self, key: EntityKey("ada"))
        #expect((ada as? Employee)?.cost == 5)
        #expect(try store.entity(Person.self, key: EntityKey("ben")).map { type(of: $0) == Person.self } == true)
    }
}
