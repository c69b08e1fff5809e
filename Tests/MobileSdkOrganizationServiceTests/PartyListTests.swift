import DataverseModel
import Foundation
import MobileSdk
import Testing

@testable import MobileSdkOrganizationService

/// Party lists in the data contracts: an attribute whose value is an `EntityCollection` of `activityparty` entities,
/// written and read as a list of ``ActivityParty`` values.
struct PartyListTests {
    let ada = EntityReference(Contact.self, id: UUID(uuidString: "11111111-1111-4111-8111-111111111111") ?? UUID())
    let grace = EntityReference(Contact.self, id: UUID(uuidString: "22222222-2222-4222-8222-222222222222") ?? UUID())

    @Test func aPartyListIsWrittenAsAnEntityCollectionOfActivityParties() throws {
        let appointment = Appointment()
        appointment.requiredAttendees = [ActivityParty(ada), ActivityParty(addressUsed: "guest@example.com")]
        let xml = String(
            decoding: try SOAPEnvelope.execute(
                OrganizationRequest(name: "Create", parameters: ["Target": .entity(appointment)]),
                callerId: nil
            ),
            as: UTF8.self
        )
        #expect(
            xml.contains(
                """
                <b:key>requiredattendees</b:key><b:value i:type="a:EntityCollection"><a:Entities><a:Entity>\
                <a:Attributes><a:KeyValuePairOfstringanyType><b:key>partyid</b:key>\
                <b:value i:type="a:EntityReference"><a:Id>11111111-1111-4111-8111-111111111111</a:Id>\
                <a:LogicalName>contact</a:LogicalName><a:Name i:nil="true"/></b:value>\
                </a:KeyValuePairOfstringanyType></a:Attributes><a:EntityState i:nil="true"/><a:FormattedValues/>\
                <a:LogicalName>activityparty</a:LogicalName><a:RelatedEntities/></a:Entity><a:Entity><a:Attributes>\
                <a:KeyValuePairOfstringanyType><b:key>addressused</b:key>\
                <b:value i:type="c:string">guest@example.com</b:value></a:KeyValuePairOfstringanyType></a:Attributes>
                """
            ),
            "\(xml)"
        )
        #expect(
            xml.contains(
                """
                </a:Entities><a:EntityName>activityparty</a:EntityName><a:MoreRecords>false</a:MoreRecords>\
                <a:TotalRecordCount>-1</a:TotalRecordCount><a:TotalRecordCountLimitExceeded>false\
                </a:TotalRecordCountLimitExceeded></b:value>
                """
            )
        )
    }

    @Test func aPartyListIsReadAsActivityParties() throws {
        let data = ResponseTests.executeResponse(
            "Retrieve",
            """
            <a:KeyValuePairOfstringanyType><b:key>Entity</b:key><b:value i:type="a:Entity" \
            xmlns:c="http://www.w3.org/2001/XMLSchema" xmlns:d="http://schemas.microsoft.com/2003/10/Serialization/">\
            <a:Attributes><a:KeyValuePairOfstringanyType><b:key>requiredattendees</b:key>\
            <b:value i:type="a:EntityCollection"><a:Entities><a:Entity><a:Attributes>\
            <a:KeyValuePairOfstringanyType><b:key>activitypartyid</b:key>\
            <b:value i:type="d:guid">55555555-5555-4555-8555-555555555555</b:value></a:KeyValuePairOfstringanyType>\
            <a:KeyValuePairOfstringanyType><b:key>partyid</b:key><b:value i:type="a:EntityReference">\
            <a:Id>11111111-1111-4111-8111-111111111111</a:Id><a:LogicalName>contact</a:LogicalName>\
            <a:Name>Ada Lovelace</a:Name></b:value></a:KeyValuePairOfstringanyType>\
            <a:KeyValuePairOfstringanyType><b:key>participationtypemask</b:key><b:value i:type="a:OptionSetValue">\
            <a:Value>5</a:Value></b:value></a:KeyValuePairOfstringanyType></a:Attributes>\
            <a:Id>55555555-5555-4555-8555-555555555555</a:Id><a:LogicalName>activityparty</a:LogicalName></a:Entity>\
            </a:Entities><a:EntityName>activityparty</a:EntityName><a:MoreRecords>false</a:MoreRecords></b:value>\
            </a:KeyValuePairOfstringanyType><a:KeyValuePairOfstringanyType><b:key>optionalattendees</b:key>\
            <b:value i:type="a:EntityCollection"><a:Entities/><a:MoreRecords>false</a:MoreRecords></b:value>\
            </a:KeyValuePairOfstringanyType></a:Attributes>\
            <a:Id>44444444-4444-4444-8444-444444444444</a:Id><a:LogicalName>appointment</a:LogicalName></b:value>\
            </a:KeyValuePairOfstringanyType>
            """
        )
        guard case .response(let response) = try SOAPEnvelope.answer(data, registry: ResponseTests.registry) else {
            Issue.record("not a response")
            return
        }
        #expect(response.warnings.isEmpty)
        let appointment = try response.entity("Entity", as: Appointment.self)
        let party = try #require(appointment.requiredAttendees?.first)
        #expect(party.partyId == EntityReference(Contact.self, id: ada.id, name: "Ada Lovelace"))
        #expect(party.participationType == .requiredAttendee)
        #expect(party.activityPartyId == UUID(uuidString: "55555555-5555-4555-8555-555555555555"))
        #expect(appointment.optionalAttendees == [])
    }

    @Test func partiesGoThereAndBackUnchanged() throws {
        let parties: AttributeValue = .collection([
            ActivityParty(ada).attributeValue, ActivityParty(grace, addressUsed: "grace@example.com").attributeValue,
        ])
        var writer = DataContractWriter()
        try writer.attribute("x", parties)
        let namespaces = DataContractWriter.prefixes.map { " \($0.key)=\"\($0.value)\"" }.joined()
        let node = try XMLTreeReader.read(Data(("<x" + namespaces + writer.xml.text.dropFirst(2)).utf8))
        var reader = DataContractReader(registry: ResponseTests.registry)
        #expect(try reader.attribute(node) == parties)
        #expect(reader.warnings.isEmpty)
        // A party outside a list has no form of its own.
        #expect(throws: OrganizationServiceError.self) { try writer.attribute("y", ActivityParty(ada).attributeValue) }
    }

    @Test func anEntityCollectionOfOtherRecordsIsStillKeptAsText() throws {
        let data = ResponseTests.executeResponse(
            "Retrieve",
            """
            <a:KeyValuePairOfstringanyType><b:key>Entity</b:key><b:value i:type="a:Entity"><a:Attributes>\
            <a:KeyValuePairOfstringanyType><b:key>calendarrules</b:key><b:value i:type="a:EntityCollection">\
            <a:Entities><a:Entity><a:LogicalName>calendarrule</a:LogicalName></a:Entity></a:Entities></b:value>\
            </a:KeyValuePairOfstringanyType></a:Attributes><a:LogicalName>calendar</a:LogicalName></b:value>\
            </a:KeyValuePairOfstringanyType>
            """
        )
        guard case .response(let response) = try SOAPEnvelope.answer(data, registry: ResponseTests.registry) else {
            Issue.record("not a response")
            return
        }
        #expect(response.warnings.count == 1 && response.warnings.first?.contains("is kept as text") == true)
    }
}
