/// The XML namespaces the readers care about, recognised by their shape rather than by exact
/// strings, so that every CSDL version's namespace is accepted.
enum XMLNamespace: Hashable, Sendable {
    /// `…/edmx`: EDMX 1.0 (`schemas.microsoft.com/ado/2007/06/edmx`) or 4.0 (`docs.oasis-open.org/odata/ns/edmx`).
    case edmx
    /// CSDL: `schemas.microsoft.com/ado/YYYY/MM/edm` (v1–v3) or `docs.oasis-open.org/odata/ns/edm` (v4).
    case edm
    /// `schemas.microsoft.com/ado/2007/08/dataservices/metadata` (the `m:` prefix of v2/v3).
    case dataServicesMetadata
    /// `www.sap.com/Protocols/SAPData`.
    case sap
    /// `schemas.microsoft.com/xrm/…/Metadata`: Dynamics entity metadata.
    case xrmMetadata
    /// `schemas.microsoft.com/xrm/…/Contracts`: Dynamics labels and managed properties.
    case xrmContracts
    /// `schemas.microsoft.com/2003/10/Serialization/Arrays`: data-contract arrays and dictionaries.
    case serializationArrays
    /// `www.w3.org/2001/XMLSchema-instance`.
    case schemaInstance
    case none
    case other

    init(uri: String) {
        if uri.isEmpty {
            self = .none
        } else if uri.hasSuffix("/edmx") {
            self = .edmx
        } else if uri.hasSuffix("/edm") && (uri.contains("/odata/") || uri.contains("/ado/")) {
            self = .edm
        } else if uri.hasSuffix("/dataservices/metadata") {
            self = .dataServicesMetadata
        } else if uri.contains("sap.com/Protocols/SAPData") {
            self = .sap
        } else if uri.contains("schemas.microsoft.com/xrm/") && uri.hasSuffix("/Metadata") {
            self = .xrmMetadata
        } else if uri.contains("schemas.microsoft.com/xrm/") && uri.hasSuffix("/Contracts") {
            self = .xrmContracts
        } else if uri.hasSuffix("/Serialization/Arrays") {
            self = .serializationArrays
        } else if uri.hasSuffix("/XMLSchema-instance") {
            self = .schemaInstance
        } else {
            self = .other
        }
    }
}
