import Foundation

/// A participant of a Dynamics activity: one element of a party list such as an appointment's `requiredattendees` or
/// an e-mail's `to`. A party is a record (`partyId`: a contact, account, user …) or, for e-mail, an address alone.
///
/// ```swift
/// appointment.requiredAttendees = [ActivityParty(EntityReference(Contact.self, id: adaId))]
/// ForEach(appointment.requiredAttendees ?? [], id: \.self) { Text($0.partyId?.name ?? $0.addressUsed ?? "") }
/// ```
///
/// It holds the `activityparty` record's attributes by logical name, as the service read them; the properties below
/// read and write the common ones. The organization service carries a party list as the attribute itself; the Web
/// API as the activity's `<entity>_activity_parties` records, each with its ``participationType``.
public struct ActivityParty: Hashable, Sendable, Codable {
    /// The logical name of the entity a party is a record of.
    public static let logicalName = "activityparty"

    /// The `activityparty` record's attributes by logical name (`partyid`, `addressused`, `participationtypemask` …).
    public var attributes: [String: AttributeValue]

    /// A party with these attributes.
    public init(attributes: [String: AttributeValue]) { self.attributes = attributes }

    /// The record `party` (a contact, account, user …), with the address to use for it when given.
    public init(_ party: EntityReference, addressUsed: String? = nil) {
        attributes = ["partyid": .entityReference(party)]
        self.addressUsed = addressUsed
    }

    /// An e-mail address that belongs to no record (an unresolved recipient).
    public init(addressUsed: String) { attributes = ["addressused": .string(addressUsed)] }

    /// The record taking part (`partyid`).
    public var partyId: EntityReference? {
        get { attributes["partyid"].flatMap(EntityReference.init(attributeValue:)) }
        set { attributes["partyid"] = newValue.map(AttributeValue.entityReference) }
    }

    /// The address the activity uses for the party (`addressused`), such as an e-mail address.
    public var addressUsed: String? {
        get { attributes["addressused"].flatMap(String.init(attributeValue:)) }
        set { attributes["addressused"] = newValue.map(AttributeValue.string) }
    }

    /// How the party takes part (`participationtypemask`); the service sets it from the party list that holds it.
    public var participationType: ParticipationType? {
        get {
            switch attributes["participationtypemask"] {
            case .optionSetValue(let option)?: ParticipationType(rawValue: option.value)
            case .int32(let value)?: ParticipationType(rawValue: value)
            default: nil
            }
        }
        set { attributes["participationtypemask"] = newValue.map { .optionSetValue(OptionSetValue($0.rawValue)) } }
    }

    /// The `activityparty` record's own id (`activitypartyid`), once the service stored it.
    public var activityPartyId: UUID? { attributes["activitypartyid"].flatMap(UUID.init(attributeValue:)) }
}

extension ActivityParty: AttributeValueConvertible {
    /// Reads `.activityParty`.
    public init?(attributeValue: AttributeValue) {
        guard case .activityParty(let party) = attributeValue else { return nil }
        self = party
    }

    /// The value as `.activityParty`; a party list is a `.collection` of them.
    public var attributeValue: AttributeValue { .activityParty(self) }
}

extension ActivityParty: CustomStringConvertible {
    /// `ActivityParty(` and the attributes sorted by name `)`.
    public var description: String { "ActivityParty(\(AttributeValue.complex(attributes)))" }
}
