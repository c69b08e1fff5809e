/// Related entities by navigation property, used by the navigation properties of generated classes.
extension Entity {
    /// The first entity related through `name` as `T`; nil when there is none or it is of another entity.
    /// A late-bound entity is converted with ``toEntity(_:)`` and replaced by the result, so changes to it stick.
    public func getRelated<T: Entity>(_ name: String, as type: T.Type = T.self) -> T? {
        if let probe { return probe.recorder.readRelated(name, at: probe.depth, as: type) }
        return getRelatedCollection(name, as: type)?.first
    }

    /// The entities related through `name` as `T`; nil when there are none or one is of another entity.
    /// Late-bound entities are converted — to the class registered for their logical name in
    /// ``EntityRegistry/shared`` when that is a `T` (a derived type), else with ``toEntity(_:)`` —
    /// and replaced by the results, so changes to them stick.
    public func getRelatedCollection<T: Entity>(_ name: String, as type: T.Type = T.self) -> [T]? {
        if let probe { return probe.recorder.read(name, at: probe.depth, as: [T].self) }
        guard var collection = relatedEntities[name] else { return nil }
        var result: [T] = []
        for entity in collection.entities {
            if let typed = entity as? T {
                result.append(typed)
            } else if let registered = EntityRegistry.shared.earlyBound(entity) as? T {
                result.append(registered)
            } else if let converted = try? entity.toEntity(type) {
                result.append(converted)
            } else {
                return nil
            }
        }
        if !zip(collection.entities, result).allSatisfy({ $0 === $1 }) {
            collection.entities = result
            relatedEntities[name] = collection
        }
        return result
    }

    /// Relates one entity through `name`, replacing what was there; nil removes the relation.
    public func setRelated<T: Entity>(_ entity: T?, for name: String) {
        setRelatedCollection(entity.map { [$0] }, for: name)
    }

    /// Relates these entities through `name`, replacing what was there; nil removes the relation.
    public func setRelatedCollection<T: Entity>(_ entities: [T]?, for name: String) {
        guard let entities else {
            relatedEntities[name] = nil
            return
        }
        let logicalNames = Set(entities.map(\.logicalName))
        let entityName = logicalNames.count == 1 ? logicalNames.first : nil
        relatedEntities[name] = EntityCollection(entities: entities, entityName: entityName)
    }
}
