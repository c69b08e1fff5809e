import DataverseModel
import Foundation
import MobileSdk
import MobileSdkClient
import TestSupport
import Testing

@testable import MobileSdkOrganizationService

/// Party lists against the `orgservice` server, which validates each envelope against the published schemas and keeps
/// the records Create writes: what is stored is checked by plain HTTP, what is read through the server's Retrieve.
extension OrganizationServiceLiveTests {
    /// What the server keeps of the record `id` under this test's root (`GET <root>$test/records/<id>`).
    func stored(_ id: UUID) async throws -> [String: Any] {
        let url = try #require(URL(string: "$test/records/\(id.uuidString.lowercased())", relativeTo: root))
        let answer = try await PlainHTTP.send("GET", url.absoluteURL)
        #expect(answer.status == 200)
        return try #require(answer.body)
    }

    /// The parties of the stored record's list `name`: each party's record id and participation type.
    func storedParties(_ record: [String: Any], _ name: String) -> [String] {
        let lists = record["partyLists"] as? [String: [[String: Any]]] ?? [:]
        return (lists[name] ?? [])
            .map { party in "\(party["partyid"] as? String ?? "-") \(party["participationtypemask"] as? Int ?? 0)" }
    }

    @Test func anAppointmentWithTwoRequiredAttendeesIsStoredAndReadBack() async throws {
        let ada = EntityReference(Contact.self, id: UUID())
        let grace = EntityReference(Contact.self, id: UUID())
        let id = UUID()
        let appointment = Appointment(creatingWithId: id)
        appointment.subject = "Design review"
        appointment.requiredAttendees = [ActivityParty(ada), ActivityParty(grace)]
        let service = try service()
        #expect(try await service.execute(CreateRequest(appointment)) == id)

        // The server holds two activity parties, typed as required attendees by the list that holds them.
        let record = try await stored(id)
        #expect(record["logicalName"] as? String == "appointment")
        #expect(
            storedParties(record, "requiredattendees") == [
                "\(ada.id.uuidString.lowercased()) 5", "\(grace.id.uuidString.lowercased()) 5",
            ]
        )

        // Read back through Retrieve: the same parties, with what the service added to them.
        let read = try await service.execute(
            RetrieveRequest(Appointment.self, id: id, columnSet: ColumnSet(["subject", "requiredattendees"]))
        )
        #expect(read.subject == "Design review")
        let attendees = try #require(read.requiredAttendees)
        #expect(attendees.map(\.partyId) == [ada, grace])
        #expect(attendees.allSatisfy { $0.participationType == .requiredAttendee && $0.activityPartyId != nil })

        // Changed and written back with Update.
        read.requiredAttendees = [attendees[1], ActivityParty(addressUsed: "guest@example.com")]
        try await service.execute(UpdateRequest(read))
        #expect(
            storedParties(try await stored(id), "requiredattendees") == [
                "\(grace.id.uuidString.lowercased()) 5", "- 5",
            ]
        )
        let again = try await service.execute(RetrieveRequest(Appointment.self, id: id))
        #expect(again.requiredAttendees?.map(\.partyId) == [grace, nil])
        #expect(again.requiredAttendees?.last?.addressUsed == "guest@example.com")
        #expect(try exchanges() == ["Create 200", "Retrieve 200", "Update 200", "Retrieve 200"])
    }
}
