import Foundation

/// What the decoder has read of one entity object so far. Dynamics lookups and formatted values are put together
/// at the end, since their annotations may come before or after the value.
struct EntityState {
    private(set) var type: Entity.Type
    private(set) var table: PropertyTable
    var qualifiedName: String?
    var eTag: String?
    var attributes: [String: AttributeValue] = [:]
    var related: [String: EntityCollection] = [:]
    /// Annotations by the attribute they belong to (storage name).
    var formatted: [String: String] = [:]
    var lookupTargets: [String: String] = [:]
    var lookupIds: [String: UUID] = [:]
    var relatedNextLinks: [String: String] = [:]
    var relatedCounts: [String: Int] = [:]
    /// Lookups the class does not declare (`_x_value` with a lookup annotation): payload name by storage name.
    var unknownLookups: [String: String] = [:]
    /// `@odata.type` annotations of properties the class does not declare, by payload name.
    var dynamicTypes: [String: String] = [:]
    /// Media annotations by storage name, `""` for the entity's own.
    var mediaLinks: [String: MediaLinks] = [:]

    init(type: Entity.Type) {
        self.type = type
        table = PropertyTable.of(type)
        attributes.reserveCapacity(table.byName.count)
    }

    /// Switches to a derived class (from a type annotation).
    mutating func setType(_ type: Entity.Type) {
        self.type = type
        table = PropertyTable.of(type)
    }

    /// The entity: lookups joined with their target and name, formatted values keyed by attribute; with
    /// `foldingParties`, the activity's parties (Dataverse's `<entity>_activity_parties`) also in its party lists.
    mutating func finish(logicalName: String?, foldingParties: Bool = false) -> Entity {
        for (name, id) in lookupIds {
            var target = lookupTargets[name]
            if target == nil, case .lookup(let targets)? = table.byName[name]?.type, targets.count == 1 {
                target = targets[0].logicalName
            }
            attributes[name] = .entityReference(
                EntityReference(logicalName: target ?? "", id: id, name: formatted[name])
            )
        }
        // Dataverse lookups the class does not know: `_x_value` with a lookup annotation becomes `x`.
        for (name, payload) in unknownLookups where name != payload {
            guard let target = lookupTargets[name], case .string(let text)? = attributes[payload],
                let id = EdmText.guid(Array(text.utf8))
            else { continue }
            attributes[payload] = nil
            attributes[name] = .entityReference(EntityReference(logicalName: target, id: id, name: formatted[name]))
        }
        let entity = type.init()
        if entity.logicalName.isEmpty {
            entity.logicalName = logicalName ?? qualifiedName.map { String($0.split(separator: ".").last ?? "") } ?? ""
        }
        if foldingParties, let parties = related[ActivityPartyNavigation.name(of: entity.logicalName)] {
            ActivityPartyNavigation.fold(parties, into: &attributes, table: table)
        }
        entity.load(attributes)
        entity.eTag = eTag
        entity.formattedValues = formatted
        entity.mediaLinks = mediaLinks
        for (name, var collection) in related {
            if let link = relatedNextLinks[name] {
                collection.nextLink = link
                collection.moreRecords = true
            }
            if let count = relatedCounts[name] { collection.totalRecordCount = count }
            entity.relatedEntities[name] = collection
        }
        return entity
    }

    /// `x` for a Dataverse lookup property `_x_value`.
    static func lookupAttributeName(_ propertyName: String) -> String? {
        guard propertyName.hasPrefix("_"), propertyName.hasSuffix("_value"), propertyName.count > 7 else { return nil }
        return String(propertyName.dropFirst().dropLast(6))
    }
}

extension EdmText { static func guid(_ bytes: [UInt8]) -> UUID? { bytes.withUnsafeBufferPointer(guid) } }
