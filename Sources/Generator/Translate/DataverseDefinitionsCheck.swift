import MetadataModel

extension GenerationContext {
    /// The Dataverse namespace of the Web API's `$metadata`.
    static let dataverseNamespace = "Microsoft.Dynamics.CRM"

    /// Warns when Dataverse tables (entity types with an entity set) are generated from the Web API's `$metadata`
    /// without their entity definitions, naming what their classes lose: generated that way, they are not the
    /// classes an app should be written against, since adding the definitions later renames them.
    func warnAboutMissingEntityDefinitions() {
        let lacking = entityTypes.filter { name, type in
            name.namespace == Self.dataverseNamespace && type.dynamics == nil && index.entitySet(of: name) != nil
        }
        guard let first = lacking.first else { return }
        let names = lacking.map(\.type.name)
        let shown = names.prefix(5).joined(separator: ", ") + (names.count > 5 ? " and \(names.count - 5) more" : "")
        warning(
            """
            \(names.count) Dataverse \(names.count == 1 ? "table has" : "tables have") no entity definitions \
            (\(shown)): their classes keep logical names, option sets stay integers without enums, lookups stay bare \
            GUIDs without targets and labels are missing, and all of that changes once definitions are added; \
            generate from the organization's entity definitions too (mobilesdkgen fetch fetches them by default)
            """,
            at: first.type.location
        )
    }
}
