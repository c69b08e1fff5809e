import DataverseModel
import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkTesting
import TestSupport
import Testing

/// Party lists over the Web API against the Dataverse sample server (odatapy over SampleMetadata/Dataverse.WebApi.xml):
/// the client creates an appointment whose required attendees go as a deep insert of `appointment_activity_parties`,
/// the server's state is read by plain HTTP, and the client reads the attendees back through the expansion.
@Suite(
    .enabled(if: TestServers.url(.dataverse) != nil || TestServers.required, Comment(rawValue: TestServers.skipMessage))
) struct DataverseActivityPartyLiveTests {
    let root: URL
    let transport = LiveServers.recordingTransport()

    init() throws { root = try #require(TestServers.url(.dataverse), Comment(rawValue: TestServers.skipMessage)) }

    func client() -> ODataClient {
        let registry = EntityRegistry()
        DataverseModel.GeneratedEntities.register(in: registry)
        var configuration = ODataClient.Configuration(serviceRoot: root, transport: transport, registry: registry)
        configuration.includeAnnotations = "*"
        return ODataClient(configuration)
    }

    func contact(_ fullName: String, client: ODataClient) async throws -> EntityReference {
        let contact = Contact(creatingWithId: UUID())
        contact.lastName = String(fullName.split(separator: " ").last ?? "")
        // Dataverse composes the read-only full name; the sample server stores what it is given.
        contact["fullname"] = .string(fullName)
        try await client.create(contact)
        return try #require(contact.reference)
    }

    @Test func anAppointmentWithTwoRequiredAttendeesIsCreatedAndReadBack() async throws {
        let client = client()
        let ada = try await contact("Ada Lovelace", client: client)
        let grace = try await contact("Grace Hopper", client: client)
        let id = UUID()
        let appointment = Appointment(creatingWithId: id)
        appointment.subject = "Design review"
        appointment.requiredAttendees = [ActivityParty(ada), ActivityParty(grace)]
        try await client.create(appointment)
        let create = try #require(transport.requests.last { $0.method == "POST" })
        #expect(String(decoding: create.body ?? Data(), as: UTF8.self).contains(#""appointment_activity_parties":["#))

        // The server's state, read without the client: two parties of the appointment, required attendees, bound to
        // the two contacts.
        let expanded = try await ServerProbe.get(
            root,
            "appointments(\(id.uuidString.lowercased()))?$expand=appointment_activity_parties"
        )
        #expect(expanded.status == 200)
        let parties = try #require(expanded.json?["appointment_activity_parties"] as? [[String: Any]])
        #expect(parties.map { $0["participationtypemask"] as? Int } == [5, 5])
        #expect(
            Set(parties.compactMap { ($0["_partyid_value"] as? String)?.lowercased() }) == [
                ada.id.uuidString.lowercased(), grace.id.uuidString.lowercased(),
            ]
        )

        // Read back by the client: selecting the list expands the parties, which fill it.
        let read = try await client.retrieve(Query<Appointment>().select(\.subject, \.requiredAttendees), id: id)
        #expect(transport.requests.last?.url.query?.contains("$expand=appointment_activity_parties") == true)
        #expect(read.subject == "Design review")
        let attendees = try #require(read.requiredAttendees)
        #expect(
            Set(attendees.compactMap(\.partyId)) == [
                EntityReference(Contact.self, id: ada.id, name: "Ada Lovelace"),
                EntityReference(Contact.self, id: grace.id, name: "Grace Hopper"),
            ]
        )
        #expect(attendees.allSatisfy { $0.participationType == .requiredAttendee && $0.activityPartyId != nil })
        #expect(read.optionalAttendees == [])

        for path in ["appointments(\(id))", "contacts(\(ada.id))", "contacts(\(grace.id))"] {
            let url = try #require(URL(string: root.absoluteString + path.lowercased()))
            #expect(try await PlainHTTP.send("DELETE", url).status == 204)
        }
    }
}
