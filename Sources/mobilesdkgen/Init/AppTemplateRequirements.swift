import MetadataModel

/// What the Activity Tracker's code uses of a Dataverse service, so that `init` can refuse metadata it would not
/// build with instead of creating a package that fails to compile. Keep in step with `Examples/ActivityTracker`.
enum AppTemplateRequirements {
    /// Entity types, with the properties (their own or inherited) and navigation properties the app reads and writes.
    static let entityTypes: [(name: String, properties: [String], navigationProperties: [String])] = [
        ("contact", ["contactid", "fullname", "firstname", "lastname", "emailaddress1", "telephone1"], []),
        (
            "task", ["activityid", "subject", "description", "scheduledend", "prioritycode", "statecode"],
            ["regardingobjectid_contact_task"]
        ),
    ]

    /// The entities whose definitions the app's typed API comes from: its option-set enums (`ActivityPriority`,
    /// `ActivityState`), its lookup and its property names.
    static let definedEntities = ["activitypointer", "contact", "task"]

    /// What `service` lacks, as `contact.telephone1`-style names; empty when the app can be built from it.
    static func missing(in service: Service) -> [String] {
        guard service.documents.contains(where: { $0.dialect.odataMajorVersion == 4 }) else {
            return ["an OData v4 $metadata document (Dataverse's Web API, /api/data/v9.2/$metadata)"]
        }
        var missing: [String] = []
        let entitySetTypes = Set(service.entityContainers.flatMap(\.entitySets).map(\.entityType.name))
        for required in entityTypes {
            guard let type = service.entityTypes.first(where: { $0.name == required.name }) else {
                missing.append("entity type \(required.name)")
                continue
            }
            if !entitySetTypes.contains(required.name) { missing.append("an entity set of \(required.name)") }
            let chain = inheritance(of: type, in: service)
            let properties = Set(chain.flatMap(\.properties).map(\.name))
            let navigationProperties = Set(chain.flatMap(\.navigationProperties).map(\.name))
            let lacking =
                required.properties.filter { !properties.contains($0) }
                + required.navigationProperties.filter { !navigationProperties.contains($0) }
            missing += lacking.map { "\(required.name).\($0)" }
        }
        let undefined = definedEntities.filter { name in service.entityTypes.first { $0.name == name }?.dynamics == nil
        }
        if !undefined.isEmpty {
            missing.append(
                """
                the entity definitions of \(undefined.joined(separator: ", ")) (mobilesdkgen fetch --entity \
                contact,task fetches them)
                """
            )
        }
        return missing
    }

    /// The type and its base types, nearest first; stops at a base type the service lacks or a cycle.
    private static func inheritance(of type: EntityType, in service: Service) -> [EntityType] {
        var chain = [type]
        var seen: Set<String> = [type.name]
        while let base = chain.last?.baseType, let next = service.entityType(base), seen.insert(next.name).inserted {
            chain.append(next)
        }
        return chain
    }
}
