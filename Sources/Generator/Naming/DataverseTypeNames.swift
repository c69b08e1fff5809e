import MetadataModel

/// The schema names of the Dataverse Web API's abstract entity types, for documents without their entity definitions:
/// the CSDL spells them in lowercase only (`crmbaseentity`), which no casing rule can split into words.
enum DataverseTypeNames {
    /// `CrmBaseEntity` for `Microsoft.Dynamics.CRM.crmbaseentity`; nil for any other type.
    static func schemaName(of type: QualifiedName) -> String? {
        type.namespace == "Microsoft.Dynamics.CRM" ? schemaNames[type.name] : nil
    }

    private static let schemaNames = [
        "crmbaseentity": "CrmBaseEntity", "crmmodelbaseentity": "CrmModelBaseEntity",
        "activitypointer": "ActivityPointer",
    ]
}
