import DataverseModel
import Foundation
import MobileSdk
import Testing

/// Money, lookups, party lists, date-only dates, booleans and other Dynamics attribute types.
struct DataverseValueTypeTests {
    @Test func money() throws {
        let amount = try #require(Decimal(string: "1250.75"))
        let opportunity = Opportunity()
        opportunity.estimatedValue = Money(amount)
        #expect(opportunity["estimatedvalue"] == .money(Money(amount)))
        #expect(opportunity.estimatedValue?.value == amount)

        // A money attribute does not read a plain decimal.
        opportunity["estimatedvalue"] = .decimal(amount)
        #expect(opportunity.estimatedValue == nil)
    }

    @Test func lookupsAreEntityReferences() {
        let parent = EntityReference(logicalName: "account", id: UUID(), name: "Contoso")
        let owner = EntityReference(logicalName: "team", id: UUID())
        let contact = Contact()
        contact.parentCustomerId = parent
        contact.ownerId = owner

        #expect(contact["parentcustomerid"] == .entityReference(parent))
        #expect(contact.parentCustomerId?.name == "Contoso")
        #expect(contact.ownerId == owner)
        #expect(Contact.attributeName(\.ownerId) == "ownerid")
    }

    @Test func partyListIsACollectionOfActivityParties() {
        let callee = EntityReference(logicalName: "contact", id: UUID())
        let caller = EntityReference(logicalName: "systemuser", id: UUID())
        let call = PhoneCall()
        call.to = [ActivityParty(callee), ActivityParty(addressUsed: "ada@example.com")]
        call.from = [ActivityParty(caller)]
        #expect(
            call["to"]
                == .collection([
                    .activityParty(ActivityParty(attributes: ["partyid": .entityReference(callee)])),
                    .activityParty(ActivityParty(attributes: ["addressused": .string("ada@example.com")])),
                ])
        )
        #expect(call.to?.map(\.partyId) == [callee, nil])
        #expect(call.to?.last?.addressUsed == "ada@example.com")
        #expect(call.from?.first?.partyId == caller)
        #expect(call.changedAttributeNames == ["from", "to"])

        let appointment = Appointment()
        appointment.requiredAttendees = [ActivityParty(EntityReference(Contact.self, id: callee.id))]
        #expect(appointment.requiredAttendees?.first?.partyId?.logicalName == "contact")
        #expect(Appointment.attributeName(\.requiredAttendees) == "requiredattendees")
        #expect(ParticipationType(partyListAttribute: "requiredattendees") == .requiredAttendee)
    }

    @Test func dateOnlyAttributesUseDateOnly() {
        let birthday = DateOnly(year: 1815, month: 12, day: 10)
        let contact = Contact()
        contact.birthDate = birthday
        #expect(contact["birthdate"] == .date(birthday))
        #expect(contact.birthDate?.description == "1815-12-10")

        let opportunity = Opportunity()
        opportunity.estimatedCloseDate = DateOnly("2025-06-30")
        #expect(opportunity.estimatedCloseDate == DateOnly(year: 2025, month: 6, day: 30))

        // A date-only attribute does not read a point in time.
        contact["birthdate"] = .dateTimeOffset(Date(timeIntervalSince1970: 0))
        #expect(contact.birthDate == nil)
    }

    @Test func dateAndTimeAttributesUseDate() {
        let due = Date(timeIntervalSince1970: 1_700_000_000)
        let activity = ActivityPointer()
        activity.scheduledEnd = due
        #expect(activity["scheduledend"] == .dateTimeOffset(due))
        #expect(activity.scheduledEnd == due)
    }

    @Test func booleansKeepFalse() {
        let contact = Contact()
        contact.doNotEMail = false
        #expect(contact.doNotEMail == false)
        #expect(contact["donotemail"] == .boolean(false))
        contact.doNotEMail = true
        #expect(contact.doNotEMail == true)
    }

    @Test func numbersGuidsAndBinary() {
        let contact = Contact()
        contact.address1Latitude = 47.64
        #expect(contact["address1_latitude"] == .double(47.64))

        // A file column is the file's reference: its content is read and written apart, by the client.
        let opportunity = Opportunity(id: UUID())
        opportunity["new_contractdocument"] = .guid(UUID())
        #expect(opportunity.newContractDocument.kind == .file("new_contractdocument"))
        #expect(opportunity.newContractDocument.hasContent == true)

        let logo = Data([0x89, 0x50, 0x4E, 0x47])
        let account = Account()
        account.entityImage = logo
        #expect(account["entityimage"] == .binary(logo))
        #expect(account.entityImage == logo)
    }

    @Test func valueOfAnotherKindReadsAsNil() {
        let account = Account()
        account["name"] = .int32(5)
        #expect(account.name == nil)
        #expect(account.contains("name"))
    }
}
