import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkTesting
import Testing
import TripPinModel

/// `associate` through a single-valued navigation property against the real OData v4 server: PUT
/// `People('a')/BestFriend/$ref` (odatapy answers POST there with 405), the link read back with plain HTTP.
extension ODataV4Live {
    @Suite struct ODataV4ReferenceLiveTests {
        private let root: URL
        private let transport = LiveServers.recordingTransport()
        private let client: ODataClient

        init() throws {
            root = try #require(LiveServers.v4, LiveServers.skipMessage)
            client = LiveServers.client(root, transport: transport, register: GeneratedEntities.register(in:))
        }

        private func person(_ userName: String, first: String) -> Person {
            let person = Person()
            person.setValue(userName, for: "UserName")
            person.firstName = first
            person.lastName = "Reference"
            person.emails = []
            return person
        }

        @Test func bestFriendIsSetWithPutAndReadsBack() async throws {
            let first = person("ref-a-" + LiveServers.runId, first: "Russell")
            let second = person("ref-b-" + LiveServers.runId, first: "Scott")
            let third = person("ref-c-" + LiveServers.runId, first: "Ronald")
            for person in [first, second, third] { try await client.create(person) }
            let firstName = first.userName ?? ""

            try await client.associate(first, navigationProperty: "BestFriend", with: second)
            let put = try #require(transport.requests.last)
            #expect(put.method == "PUT")
            #expect(put.url.absoluteString == root.absoluteString + "People('\(firstName)')/BestFriend/$ref")
            let body = try JSONSerialization.jsonObject(with: put.body ?? Data()) as? [String: Any]
            #expect(body?["@odata.id"] as? String == root.absoluteString + "People('\(second.userName ?? "")')")

            let reference = try await ServerProbe.get(
                root,
                ServerProbe.encoded("People('\(firstName)')/BestFriend/$ref")
            )
            #expect(reference.status == 200)
            #expect((reference.json?["@odata.id"] as? String)?.hasSuffix("People('\(second.userName ?? "")')") == true)

            // A second PUT replaces the link; the client reads it back through $expand.
            try await client.associate(first, navigationProperty: "BestFriend", with: third)
            let expanded = try await client.retrieve(Person.self, key: EntityKey(firstName), expand: ["BestFriend"])
            #expect(expanded.bestFriend?.userName == third.userName)

            try await client.disassociate(first, navigationProperty: "BestFriend")
            let cleared = try await client.retrieve(Person.self, key: EntityKey(firstName), expand: ["BestFriend"])
            #expect(cleared.bestFriend == nil)

            for person in [first, second, third] { try await client.delete(person) }
        }
    }
}
