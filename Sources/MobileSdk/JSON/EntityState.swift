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
    /// Annotations by payload property name.
    var formatted: [String: String] = [:]
    var lookupTargets: [String: String] = [:]
    var lookupIds: [String: UUID] = [:]
    var dynamicTypes: [String: String] = [:]
    var relatedNextLinks: [String: String] = [:]
    var relatedCounts: [String: Int] = [:]

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

    /// The entity: lookups joined with their target and name, formatted values keyed by attribute.
    mutating func finish(logicalName: String?) -> Entity {
        for (propertyName, id) in lookupIds {
            let property = table.byPropertyName[propertyName]
            let name = property?.name ?? propertyName
            var target = lookupTargets[propertyName]
            if target == nil, case .lookup(let targets)? = property?.type, targets.count == 1 { target = targets[0].logicalName }
            attributes[name] = .entityReference(EntityReference(logicalName: target ?? "", id: id, name: formatted[propertyName]))
        }
        // Dataverse lookups the class does not know: `_x_value` with a lookup annotation becomes `x`.
        for (propertyName, target) in lookupTargets where lookupIds[propertyName] == nil && table.byPropertyName[propertyName] == nil {
            guard let name = Self.lookupAttributeName(propertyName), case .string(let text)? = attributes[propertyName],
                  let id = text.utf8.withContiguousStorageIfAvailable(EdmText.guid) ?? EdmText.guid(Array(text.utf8)) else { continue }
            attributes[propertyName] = nil
            attributes[name] = .entityReference(EntityReference(logicalName: target, id: id, name: formatted[propertyName]))
        }
        let entity = type.init()
        if entity.logicalName.isEmpty {
            entity.logicalName = logicalName ?? qualifiedName.map { String($0.split(separator: ".").last ?? "") } ?? ""
        }
        entity.load(attributes)
        entity.eTag = eTag
        for (propertyName, text) in formatted {
            let name = table.byPropertyName[propertyName]?.name ?? Self.lookupAttributeName(propertyName) ?? propertyName
            entity.formattedValues[name] = text
        }
        for (name, var collection) in related {
            // The annotations are keyed by payload name, the expansions by storage name.
            let propertyName = table.byName[name]?.propertyName ?? name
            if let link = relatedNextLinks[propertyName] {
                collection.nextLink = link
                collection.moreRecords = true
            }
            if let count = relatedCounts[propertyName] { collection.totalRecordCount = count }
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

extension EdmText {
    static func guid(_ bytes: [UInt8]) -> UUID? {
        bytes.withUnsafeBufferPointer(guid)
    }
}
