import DataverseModel
import Foundation
import MobileSdk
import Testing

/// Party lists over the Web API, where an activity's parties are the `activityparty` records of its
/// `<entity>_activity_parties` navigation property: written as them with their participation types, read back into the
/// lists those types name.
struct DataverseActivityPartyJSONTests {
    let registry: EntityRegistry = {
        let registry = EntityRegistry()
        DataverseModel.GeneratedEntities.register(in: registry)
        return registry
    }()
    let ada = EntityReference(Contact.self, id: UUID(uuidString: "11111111-1111-4111-8111-111111111111") ?? UUID())
    let grace = EntityReference(Contact.self, id: UUID(uuidString: "22222222-2222-4222-8222-222222222222") ?? UUID())
    let contoso = EntityReference(Account.self, id: UUID(uuidString: "33333333-3333-4333-8333-333333333333") ?? UUID())

    func json(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

    /// `"partyid_<entity>@odata.bind":"/<set>(<id>)"`.
    func bind(_ record: EntityReference) -> String {
        let set = record.logicalName == "account" ? "accounts" : "contacts"
        return #""partyid_\#(record.logicalName)@odata.bind":"/\#(set)(\#(record.id.uuidString.lowercased()))""#
    }

    @Test func aCreateSendsThePartiesAsTheActivitysPartiesWithTheirTypes() throws {
        let appointment = Appointment()
        appointment.subject = "Review"
        appointment.requiredAttendees = [ActivityParty(ada), ActivityParty(grace)]
        appointment.optionalAttendees = [ActivityParty(contoso)]
        let body = json(try ODataJSONEncoder(registry: registry).encodeForCreate(appointment))
        #expect(
            body == """
                {"subject":"Review","appointment_activity_parties":[\
                {"participationtypemask":6,\(bind(contoso))},\
                {"participationtypemask":5,\(bind(ada))},\
                {"participationtypemask":5,\(bind(grace))}]}
                """
        )
    }

    @Test func anUpdateOfOneListSendsEveryListTheRecordHolds() throws {
        let appointment = Appointment(id: UUID())
        appointment.requiredAttendees = [ActivityParty(ada)]
        appointment.optionalAttendees = [ActivityParty(addressUsed: "guest@example.com")]
        appointment.acceptChanges()
        appointment.requiredAttendees = [ActivityParty(grace)]
        let body = json(try ODataJSONEncoder(registry: registry).encodeForUpdate(appointment))
        #expect(
            body == """
                {"appointment_activity_parties":[{"addressused":"guest@example.com","participationtypemask":6},\
                {"participationtypemask":5,\(bind(grace))}]}
                """
        )
        // Nothing about parties changed: no parties are sent.
        appointment.acceptChanges()
        appointment.location = "Room 1"
        #expect(
            json(try ODataJSONEncoder(registry: registry).encodeForUpdate(appointment)) == #"{"location":"Room 1"}"#
        )
    }

    @Test func aLateBoundActivityWritesItsPartiesByTheListsNames() throws {
        let email = Entity(logicalName: "email")
        email["to"] = .collection([ActivityParty(ada).attributeValue])
        email["from"] = .collection([ActivityParty(contoso).attributeValue])
        #expect(
            json(try ODataJSONEncoder(registry: registry).encodeForCreate(email)) == """
                {"email_activity_parties":[\
                {"participationtypemask":1,\(bind(contoso))},\
                {"participationtypemask":2,\(bind(ada))}]}
                """
        )
        // A record of an entity whose set is unknown, or a list whose type is unknown, is an error naming it.
        email["to"] = .collection([ActivityParty(EntityReference(logicalName: "lead", id: UUID())).attributeValue])
        #expect(throws: ODataEncodingError.self) { try ODataJSONEncoder(registry: registry).encodeForCreate(email) }
        email["to"] = nil
        email["x_watchers"] = .collection([ActivityParty(ada).attributeValue])
        do {
            _ = try ODataJSONEncoder(registry: registry).encodeForCreate(email)
            Issue.record("no error")
        } catch let error as ODataEncodingError {
            #expect(
                error.message
                    == "a party of 'x_watchers' has no participation type, and 'x_watchers' names no party list"
            )
        }
        // OData v2 has no such navigation property to send them in.
        let call = PhoneCall()
        call.to = [ActivityParty(ada)]
        #expect(throws: ODataEncodingError.self) { try ODataJSONEncoder(version: .v2).encodeForCreate(call) }
    }

    var expandedAppointment: String {
        #"""
        {"activityid": "44444444-4444-4444-8444-444444444444", "subject": "Review",
         "appointment_activity_parties": [
          {"activitypartyid": "55555555-5555-4555-8555-555555555555", "participationtypemask": 5,
           "participationtypemask@OData.Community.Display.V1.FormattedValue": "Required Attendee",
           "_partyid_value@OData.Community.Display.V1.FormattedValue": "Ada Lovelace",
           "_partyid_value@Microsoft.Dynamics.CRM.lookuplogicalname": "contact",
           "_partyid_value": "11111111-1111-4111-8111-111111111111"},
          {"activitypartyid": "66666666-6666-4666-8666-666666666666", "participationtypemask": 9,
           "_partyid_value@Microsoft.Dynamics.CRM.lookuplogicalname": "systemuser",
           "_partyid_value": "77777777-7777-4777-8777-777777777777"},
          {"activitypartyid": "88888888-8888-4888-8888-888888888888", "participationtypemask": 5,
           "_partyid_value@Microsoft.Dynamics.CRM.lookuplogicalname": "contact",
           "_partyid_value": "22222222-2222-4222-8222-222222222222"}]}
        """#
    }

    @Test func readPartiesFillTheListsTheirTypesName() throws {
        let appointment = try ODataJSONDecoder(registry: registry)
            .decodeEntity(Appointment.self, from: Data(expandedAppointment.utf8))
        let required = try #require(appointment.requiredAttendees)
        #expect(required.map(\.partyId?.id) == [ada.id, grace.id])
        #expect(required.first?.partyId == EntityReference(Contact.self, id: ada.id, name: "Ada Lovelace"))
        #expect(required.map(\.participationType) == [.requiredAttendee, .requiredAttendee])
        #expect(required.first?.activityPartyId == UUID(uuidString: "55555555-5555-4555-8555-555555555555"))
        // Every list the class declares is read, empty when it has no parties; the owner's party fills none.
        #expect(appointment.optionalAttendees == [] && appointment.organizer == [])
        #expect(appointment.changedAttributeNames.isEmpty)
        // The records stay in the navigation property, the owner's too.
        #expect(appointment.appointmentActivityParties?.count == 3)
    }

    @Test func aLateBoundActivityReadsItsPartiesIntoTheListsTheirTypesName() throws {
        let json = expandedAppointment.replacingOccurrences(of: "appointment_", with: "email_")
            .replacingOccurrences(of: #""participationtypemask": 5"#, with: #""participationtypemask": 2"#)
            .replacingOccurrences(of: #""participationtypemask": 9"#, with: #""participationtypemask": 1"#)
        let email = try ODataJSONDecoder(registry: registry)
            .decodeEntity(Entity.self, from: Data(json.utf8), logicalName: "email")
        guard case .collection(let to)? = email["to"], case .collection(let from)? = email["from"] else {
            Issue.record("no party lists: \(email.attributes)")
            return
        }
        #expect(to.compactMap { ActivityParty(attributeValue: $0)?.partyId?.id } == [ada.id, grace.id])
        #expect(from.compactMap { ActivityParty(attributeValue: $0)?.partyId?.logicalName } == ["systemuser"])
        #expect(email["cc"] == nil)
        #expect(email.relatedEntities["email_activity_parties"]?.entities.count == 3)
    }

    @Test func partiesKeepTheirAttributesThroughCodable() throws {
        let party = ActivityParty(ada, addressUsed: "ada@example.com")
        let value = AttributeValue.collection([party.attributeValue])
        let data = try JSONEncoder().encode(value)
        #expect(try JSONDecoder().decode(AttributeValue.self, from: data) == value)
        #expect(
            party.description.hasPrefix(
                "ActivityParty({addressused: \"ada@example.com\", partyid: EntityReference(contact"
            )
        )
    }
}
