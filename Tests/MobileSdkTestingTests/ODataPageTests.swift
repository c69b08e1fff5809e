import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkTesting
import Testing
import TripPinModel

/// Pages built from entities read back by the real client and decoder into the generated classes.
struct ODataPageTests {
    @Test func aPageReadsBackIntoGeneratedClassesWithItsLinkAndCount() async throws {
        let ana = Fixtures.person("ana", first: "Ana", last: "Martín \"Ani\"", age: 34)
        let ben = Fixtures.person("ben", first: "Ben", last: "Okafor")
        let transport = ScriptedTransport()
        let next = Fixtures.root.absoluteString + "People?$skiptoken=2"
        transport.route("GET", "People", try .page(ODataPage([ana, ben], nextLink: next, count: 3)))

        let page = try await Fixtures.client(transport).retrieveMultiple(Query<Person>())

        #expect(page.entities.map(\.userName) == ["ana", "ben"])
        #expect(page.entities.map(\.lastName) == ["Martín \"Ani\"", "Okafor"])
        #expect(page.entities.first?.age == 34)
        #expect(page.nextLink == next)
        #expect(page.totalCount == 3)
    }

    @Test func theJSONIsAnODataV4PageInAFixedOrder() throws {
        let person = Fixtures.person("ana", first: "Ana", last: "M")
        person.eTag = "W/\"7\""
        let page = ODataPage([person], nextLink: "People?$skiptoken=1", count: 1)
        let text = String(decoding: try page.json(), as: UTF8.self)
        #expect(text.hasPrefix(#"{"@odata.count":1,"value":[{"@odata.etag":"W/\"7\"","#))
        #expect(text.hasSuffix(#"}],"@odata.nextLink":"People?$skiptoken=1"}"#))
        #expect(try page.json() == page.json())
    }

    @Test func aDeltaPageReportsItsRemovalsAndDeltaLinkInBothFormats() async throws {
        for format in [ODataPage.RemovalFormat.deletedEntity, .removedAnnotation] {
            let transport = ScriptedTransport()
            let page = ODataPage(
                [Fixtures.person("ana", first: "Ana", last: "M")],
                removed: [RemovedEntity(id: "People('ben')", reason: .changed)],
                removalFormat: format,
                deltaLink: "People?$deltatoken=9"
            )
            transport.route("GET", "People", try .page(page))

            let changes = try await Fixtures.client(transport).changes(Person.self, link: "People?$deltatoken=8")

            #expect(changes.isTracked)
            #expect(changes.collection.entities.compactMap { ($0 as? Person)?.userName } == ["ana"])
            #expect(changes.collection.removedEntities == [RemovedEntity(id: "People('ben')", reason: .changed)])
            // The client resolves the link against the service root.
            #expect(changes.collection.deltaLink == Fixtures.root.absoluteString + "People?$deltatoken=9")
        }
    }

    @Test func aVerbosePageReadsBackWithItsNextDeltaAndCount() throws {
        let person = Fixtures.person("ana", first: "Ana", last: "M", age: 40)
        person.eTag = "W/\"3\""
        let page = ODataPage(
            [person],
            removed: [RemovedEntity(id: "People('ben')", reason: .deleted)],
            nextLink: "People?$skiptoken=1",
            deltaLink: "People?!deltatoken='5'",
            count: 2
        )
        let data = try page.json(version: .v2)

        let read = try ODataJSONDecoder(version: .v2).decodeDelta(Person.self, from: data)

        let ana = try #require(read.entities.first as? Person)
        #expect(ana.userName == "ana" && ana.age == 40 && ana.eTag == "W/\"3\"")
        #expect(read.removedEntities == [RemovedEntity(id: "People('ben')", reason: .deleted)])
        #expect(read.nextLink == "People?$skiptoken=1")
        #expect(read.deltaLink == "People?!deltatoken='5'")
        #expect(read.totalRecordCount == 2)
    }

    @Test func aRemovalAnnotationIsRefusedInODataV2() {
        let page = ODataPage([], removed: [RemovedEntity(id: "x", reason: .deleted)], removalFormat: .removedAnnotation)
        #expect(throws: ODataEncodingError.self) { try page.json(version: .v2) }
    }
}
