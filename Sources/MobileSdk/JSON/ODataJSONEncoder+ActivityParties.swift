import Foundation

/// Party lists as Dataverse's Web API takes them (see ``ActivityPartyNavigation``).
extension ODataJSONEncoder {
    /// `"<entity>_activity_parties": [{"participationtypemask": 5, "partyid_contact@odata.bind": "/contacts(…)"}]`:
    /// the parties of every list in `lists`, in list order, each with the type its list stands for (else its own),
    /// its record bound and its address when it has one. Written whole, as Dataverse takes the collection.
    func writeParties(
        of entity: Entity,
        lists: [String],
        table: PropertyTable,
        as name: String,
        into writer: inout JSONWriter
    ) throws {
        writer.key(name)
        writer.beginArray()
        for list in lists {
            let parties: [ActivityParty]
            switch entity[list] {
            case .collection(let elements)?: parties = elements.compactMap(ActivityParty.init(attributeValue:))
            default: parties = []
            }
            for party in parties {
                guard let type = ParticipationType(partyListAttribute: list) ?? party.participationType else {
                    throw ODataEncodingError(
                        message: "a party of '\(list)' has no participation type, and '\(list)' names no party list"
                    )
                }
                writer.beginObject()
                if let address = party.addressUsed {
                    writer.key("addressused")
                    writer.string(address)
                }
                writer.key("participationtypemask")
                writer.raw(String(type.rawValue))
                if let record = party.partyId {
                    let (navigation, entitySet) = try partyBinding(record, list: list, table: table)
                    writer.key(navigation + "@odata.bind")
                    writer.string("/\(entitySet)(\(EdmText.format(record.id)))")
                }
                writer.endObject()
            }
        }
        writer.endArray()
    }

    /// The `activityparty` navigation property that binds a party to `record` (`partyid_contact`), and the record's
    /// entity set: from the party list's targets, else from the class registered for the record's entity.
    private func partyBinding(_ record: EntityReference, list: String, table: PropertyTable) throws -> (String, String)
    {
        if case .lookup(let targets)? = table.byName[list]?.type,
            let target = targets.first(where: { $0.logicalName == record.logicalName })
        {
            return (target.navigationProperty, target.entitySetName)
        }
        guard !record.logicalName.isEmpty, let set = registry.type(forLogicalName: record.logicalName)?.entitySetName
        else {
            throw ODataEncodingError(
                message: """
                    a party of '\(list)' refers to '\(record.logicalName)', whose entity set is unknown: \
                    register its generated class
                    """
            )
        }
        return ("partyid_" + record.logicalName, set)
    }
}
