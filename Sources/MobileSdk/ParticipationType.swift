/// How a party takes part in an activity: an `activityparty` record's `participationtypemask`. Each party list of an
/// activity holds the parties of one type (an appointment's `requiredattendees` those of ``requiredAttendee``), which
/// is how the Web API, where all of an activity's parties are one collection, tells the lists apart.
public struct ParticipationType: RawRepresentable, Hashable, Sendable, Codable {
    /// The option value, e.g. `5` for a required attendee.
    public var rawValue: Int32

    /// The type with this option value.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// The sender (`from`): 1.
    public static let sender = Self(rawValue: 1)
    /// A recipient in the To field (`to`): 2.
    public static let toRecipient = Self(rawValue: 2)
    /// A recipient in the Cc field (`cc`): 3.
    public static let ccRecipient = Self(rawValue: 3)
    /// A recipient in the Bcc field (`bcc`): 4.
    public static let bccRecipient = Self(rawValue: 4)
    /// A required attendee (`requiredattendees`): 5.
    public static let requiredAttendee = Self(rawValue: 5)
    /// An optional attendee (`optionalattendees`): 6.
    public static let optionalAttendee = Self(rawValue: 6)
    /// The organizer (`organizer`): 7.
    public static let organizer = Self(rawValue: 7)
    /// The record the activity is regarding, which the service adds itself: 8.
    public static let regarding = Self(rawValue: 8)
    /// The activity's owner, which the service adds itself: 9.
    public static let owner = Self(rawValue: 9)
    /// A resource of a service activity (`resources`): 10.
    public static let resource = Self(rawValue: 10)
    /// A customer (`customers`, a campaign response's `customer`): 11.
    public static let customer = Self(rawValue: 11)
    /// A partner (a campaign activity's `partners`, a campaign response's `partner`): 12. Dataverse now also
    /// uses 12 for the participants of a Teams chat.
    public static let partner = Self(rawValue: 12)
    /// Related records: 13.
    public static let related = Self(rawValue: 13)

    /// The type of the parties a party list attribute holds, by the attribute's logical name (`to`,
    /// `requiredattendees` …); nil for a name no activity uses for a party list.
    public init?(partyListAttribute name: String) {
        guard let type = Self.byAttribute[name] else { return nil }
        self = type
    }

    /// The logical names of the party list attributes that hold parties of this type, the plural first.
    public var partyListAttributes: [String] {
        Self.byAttribute.filter { $0.value == self }.map(\.key).sorted { $0.count > $1.count }
    }

    private static let byAttribute: [String: ParticipationType] = [
        "from": .sender, "to": .toRecipient, "cc": .ccRecipient, "bcc": .bccRecipient,
        "requiredattendees": .requiredAttendee, "optionalattendees": .optionalAttendee, "organizer": .organizer,
        "resources": .resource, "customers": .customer, "customer": .customer, "partners": .partner,
        "partner": .partner,
    ]
}
