import Foundation

/// Party lists in the Dataverse Web API, which has no party list attributes: an activity's parties are the
/// `activityparty` records of its collection-valued navigation property `<entity>_activity_parties`, each with its
/// `participationtypemask`. The codecs map between the two, so that an entity holds party lists whichever service
/// read it: reading folds the records into the lists their types name; writing sends the lists as those records.
enum ActivityPartyNavigation {
    /// The navigation property holding the parties of an activity of this logical name.
    static func name(of logicalName: String) -> String { logicalName + "_activity_parties" }

    /// Whether `name` is the parties navigation property of some activity.
    static func isName(_ name: String) -> Bool { name.hasSuffix("_activity_parties") && name.count > 17 }

    /// Whether the attribute `name` holds a party list: its metadata says so (a collection of lookups), or its value
    /// is a list of parties.
    static func isPartyList(_ name: String, _ value: AttributeValue?, table: PropertyTable) -> Bool {
        if let property = table.byName[name] { return isPartyList(property) }
        guard case .collection(let elements)? = value, !elements.isEmpty else { return false }
        return elements.allSatisfy { if case .activityParty = $0 { true } else { false } }
    }

    /// Whether a property is a party list: generated code types one as a collection of lookups.
    static func isPartyList(_ property: PropertyMetadata) -> Bool {
        guard property.isCollection, case .lookup = property.type else { return false }
        return true
    }

    /// Puts the parties of `records` (the navigation property as read) into the party lists their types name: those
    /// the class declares, each of them present (empty when it has none), or for a late-bound entity the lists of
    /// the types found. Parties of a type without a list (the regarding record, the owner) stay in the navigation
    /// property only.
    static func fold(_ records: EntityCollection, into attributes: inout [String: AttributeValue], table: PropertyTable)
    {
        let declared = Set(table.byName.values.filter(isPartyList).map(\.name))
        var lists = Dictionary(uniqueKeysWithValues: declared.map { ($0, [AttributeValue]()) })
        for record in records.entities {
            let party = party(from: record)
            guard let names = party.participationType?.partyListAttributes,
                let name = declared.isEmpty ? names.first : names.first(where: declared.contains)
            else { continue }
            lists[name, default: []].append(.activityParty(party))
        }
        for (name, parties) in lists { attributes[name] = .collection(parties) }
    }

    /// A party from an `activityparty` record read from JSON, its common attributes in the types the organization
    /// service gives them: `partyid` a reference (from `_partyid_value` when the class did not declare it),
    /// `participationtypemask` an option, `activitypartyid` a GUID.
    static func party(from record: Entity) -> ActivityParty {
        var attributes = record.attributes
        if attributes["partyid"] == nil, case .string(let text)? = attributes["_partyid_value"],
            let id = UUID(uuidString: text)
        {
            attributes["_partyid_value"] = nil
            attributes["partyid"] = .entityReference(EntityReference(logicalName: "", id: id))
        }
        switch attributes["participationtypemask"] {
        case .int32(let value)?: attributes["participationtypemask"] = .optionSetValue(OptionSetValue(value))
        case .int64(let value)?:
            if let value = Int32(exactly: value) {
                attributes["participationtypemask"] = .optionSetValue(OptionSetValue(value))
            }
        default: break
        }
        if case .string(let text)? = attributes["activitypartyid"], let id = UUID(uuidString: text) {
            attributes["activitypartyid"] = .guid(id)
        }
        return ActivityParty(attributes: attributes)
    }
}
