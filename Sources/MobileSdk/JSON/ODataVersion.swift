/// The OData JSON dialect of a service.
public enum ODataVersion: Sendable, Hashable {
    /// OData v4 JSON (`@odata.*` control information), as Dataverse and other v4 services use.
    case v4
    /// The verbose JSON of OData v1–v3 (`d`, `results`, `__metadata`, `__next`), as Dynamics CRM 2011–2016's
    /// `OrganizationData.svc` sends it.
    case v2
}
