import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkTesting
import Testing
import TripPinModel

/// The scripted transport as the client uses it: routes, the queue, failures, delays, files and pass-through.
struct ScriptedTransportTests {
    static func get(_ path: String) -> HTTPRequest {
        HTTPRequest(method: "GET", url: URL(string: path, relativeTo: Fixtures.root)!.absoluteURL)
    }

    @Test func routesAnswerByMethodPathAndQueryBeforeTheQueue() async throws {
        let transport = ScriptedTransport(.status(500))
        transport.route("GET", "People", query: ["$top": "1"], .status(201))
        transport.route("GET", "People", repeatsLast: true, .status(202), .status(203))
        transport.route("DELETE", "People('ana')", .status(204))

        var statuses: [Int] = []
        for path in ["People?$top=1", "People?$top=1", "People", "People", "Airlines"] {
            statuses.append(try await transport.send(Self.get(path)).statusCode)
        }

        // The query route is used up, so the second `$top=1` falls to the next route; the queue answers Airlines.
        #expect(statuses == [201, 202, 203, 203, 500])
        #expect(
            transport.requests.map(\.url.lastPathComponent) == ["People", "People", "People", "People", "Airlines"]
        )
    }

    @Test func aRequestNothingAnswersFailsNamingIt() async throws {
        let transport = ScriptedTransport()
        transport.route("GET", "People", .status(200))
        let error = await #expect(throws: UnansweredRequest.self) {
            try await transport.send(Self.get("Airlines?$top=2"))
        }
        #expect(error?.request == "GET https://trippin.example.com/odata/Airlines?$top=2")
        #expect(error?.localizedDescription.contains("GET https://trippin.example.com/odata/Airlines?$top=2") == true)
    }

    @Test func theClientSeesAnOfflineReplyAsAnUnreachableService() async throws {
        let transport = ScriptedTransport(.offline)
        let error = await #expect(throws: ODataClientError.self) {
            try await Fixtures.client(transport).retrieveMultiple(Query<Person>())
        }
        #expect(error?.unreachability == .offline)
    }

    @Test func theClientRecordsWhatItSends() async throws {
        let transport = ScriptedTransport(.status(204))
        let person = Fixtures.person("ana", first: "Ana", last: "M")
        person.acceptChanges()
        person.firstName = "Anna"

        try await Fixtures.client(transport).update(person)

        let request = try #require(transport.requests.first)
        #expect(request.method == "PATCH")
        #expect(request.url.absoluteString == "https://trippin.example.com/odata/People('ana')")
        #expect(request.bodyObject["FirstName"] as? String == "Anna")
        #expect(request.bodyText.contains("\"FirstName\":\"Anna\""))
        #expect(request[header: "Content-Type"]?.hasPrefix("application/json") == true)
    }

    @Test func requestsPassThroughToAnotherTransportAndAreRecordedByBoth() async throws {
        let service = ScriptedTransport(.json(#"{"value":[]}"#))
        let transport = ScriptedTransport(passingThroughTo: service)
        transport.route("GET", "Airlines", .passThrough(service))
        service.enqueue(.status(418))

        let first = try await transport.send(Self.get("People?$filter=Age%20gt%2030"))
        let second = try await transport.send(Self.get("Airlines"))

        #expect(first.statusCode == 200 && second.statusCode == 418)
        #expect(transport.requests.map(\.url) == service.requests.map(\.url))
        #expect(transport.requests.first?.queryValue("$filter") == "Age gt 30")
    }

    @Test func aDelayedReplyWaitsAndARecordedFileIsServed() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("page-\(UUID().uuidString).json")
        try Data(#"{"value":[{"UserName":"ana"}]}"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let transport = ScriptedTransport(try ScriptedTransport.Reply.file(file).delayed(by: 0.05))
        let clock = ContinuousClock()
        let start = clock.now

        let page = try await Fixtures.client(transport).retrieveMultiple(Query<Person>())

        #expect(clock.now - start >= .milliseconds(50))
        #expect(page.entities.map(\.userName) == ["ana"])
    }

    @Test func downloadsAndUploadsGoThroughTheScript() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let content = folder.appendingPathComponent("photo.jpg")
        try Data("jpeg".utf8).write(to: content)
        let transport = ScriptedTransport(.json(Data("bytes".utf8)), .status(204))

        let downloaded = try await transport.download(Self.get("Photos(1)/$value"), into: folder, progress: nil)
        var put = Self.get("Photos(1)/$value")
        put.method = "PUT"
        let uploaded = try await transport.upload(put, fromFile: content, progress: nil)

        let file = try #require(downloaded.bodyFile)
        #expect(try Data(contentsOf: file) == Data("bytes".utf8))
        #expect(uploaded.statusCode == 204)
        #expect(transport.requests.last?.bodyText == "jpeg")
    }
}
