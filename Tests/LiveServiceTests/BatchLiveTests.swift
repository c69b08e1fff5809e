import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkTesting
import Testing
import TripPinModel

/// Typed `$batch` against the real OData v4 server (odatapy): a change set whose later requests refer to what its
/// first one created (`$1` in a binding, in a URL and in a `$ref`), reads with typed results, a change set that
/// fails as a whole, and the service stopping at a failure or going on (`odata.continue-on-error`). The server's
/// state is checked with plain HTTP.
extension ODataV4Live {
    @Suite struct BatchLiveTests {
        private let root: URL
        private let transport = LiveServers.recordingTransport()
        private let client: ODataClient

        init() throws {
            root = try #require(LiveServers.v4, LiveServers.skipMessage)
            client = LiveServers.client(root, transport: transport, register: GeneratedEntities.register(in:))
        }

        private func person(_ userName: String) -> Person {
            let person = Person()
            person.setValue(userName, for: "UserName")
            person.firstName = "Batch"
            person.lastName = userName
            person.emails = []
            return person
        }

        @Test func aChangeSetRefersToWhatItCreatedAndReadsFollow() async throws {
            let (a, b, c) = ("bat-a-" + LiveServers.runId, "bat-b-" + LiveServers.runId, "bat-c-" + LiveServers.runId)
            let d = "bat-f-" + LiveServers.runId
            let existing = person(c)
            try await client.create(existing)

            let batch = client.makeBatch()
            let changes = batch.changeSet()
            let first = person(a)
            let second = person(b)
            let createdFirst = try changes.create(first)
            let createdSecond = try changes.create(second, links: [.link(\.bestFriend, to: createdFirst)])
            let createdFriend = try changes.create(person(d), in: "Friends", of: createdFirst)
            let linked = try changes.associate(existing, \.friends, with: createdFirst)
            let read = try batch.retrieve(Person.self, key: EntityKey(b), expand: ["BestFriend"])
            let page = try batch.retrieveMultiple(Person.self, query: ODataQuery(), entitySet: "People('\(a)')/Friends")
            let results = try await batch.send()

            #expect(results.statusCodes.compactMap(\.self).count == 6)
            #expect(try results[createdFirst].url.hasSuffix("People('\(a)')"))
            #expect(try results[createdSecond].url.hasSuffix("People('\(b)')"))
            #expect(try results[createdFriend].url.hasSuffix("People('\(d)')"))
            try results[linked]
            #expect(try results[read].bestFriend?.userName == a, "bound to $1 in the body")
            #expect(try results[page].entities.map(\.userName) == [d], "created at $1/Friends")
            #expect(
                first.changedAttributeNames.isEmpty && second.changedAttributeNames.isEmpty,
                "created entities accept their changes"
            )

            let batchRequest = try #require(transport.requests.last)
            #expect(batchRequest.url.absoluteString == root.absoluteString + "$batch")
            let body = String(decoding: batchRequest.body ?? Data(), as: UTF8.self)
            #expect(body.contains(#""BestFriend@odata.bind":"$1""#))
            #expect(body.contains("POST $1/Friends HTTP/1.1"))
            #expect(body.contains(#"{"@odata.id":"$1"}"#))

            let friends = try await ServerProbe.get(root, ServerProbe.encoded("People('\(c)')/Friends"))
            #expect(
                (friends.json?["value"] as? [[String: Any]])?.map { $0["UserName"] as? String } == [a],
                "$1 in a $ref"
            )
            for userName in [a, b, c, d] { try await client.delete(Person.self, key: EntityKey(userName)) }
        }

        @Test func aFailedChangeSetFailsAsAWholeAndTheServiceStopsOrGoesOn() async throws {
            let (a, b) = ("bat-d-" + LiveServers.runId, "bat-e-" + LiveServers.runId)
            try await client.create(person(a))

            for continueOnError in [false, true] {
                let batch = client.makeBatch()
                let changes = batch.changeSet()
                let fresh = try changes.create(person(b))
                let duplicate = try changes.create(person(a))  // the key exists: the change set is rolled back
                let read = try batch.retrieve(Person.self, key: EntityKey(a))
                let results = try await batch.send(continueOnError: continueOnError)

                #expect(throws: ODataServiceError.self) { try results[fresh] }
                #expect(throws: ODataServiceError.self) { try results[duplicate] }
                if continueOnError {
                    #expect(try results[read].userName == a)
                    #expect(transport.requests.last?[header: "Prefer"]?.contains("odata.continue-on-error") == true)
                } else {
                    #expect { try results[read] } throws: { error in
                        if case ODataClientError.notExecuted = error { true } else { false }
                    }
                }
                let rolledBack = try await ServerProbe.get(root, ServerProbe.encoded("People('\(b)')"))
                #expect(rolledBack.status == 404, "nothing of the failed change set remains")
            }
            try await client.delete(Person.self, key: EntityKey(a))
        }
    }
}
