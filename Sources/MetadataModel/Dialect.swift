/// The kind of metadata document a file holds.
public enum Dialect: Hashable, Sendable, Codable, CustomStringConvertible {
    /// OData CSDL in EDMX: `odataVersion` is "2.0", "3.0", "4.0", "4.01"…; `edmxVersion` as declared.
    case csdl(odataVersion: String, edmxVersion: String)
    /// Dynamics organization-service entity metadata (the `EntityMetadata` data contract).
    case dynamicsEntityMetadata

    /// A readable name, e.g. `OData v4.0 CSDL (EDMX 4.0)` or `Dynamics entity metadata`.
    public var description: String {
        switch self {
        case .csdl(let odataVersion, let edmxVersion): "OData v\(odataVersion) CSDL (EDMX \(edmxVersion))"
        case .dynamicsEntityMetadata: "Dynamics entity metadata"
        }
    }

    /// The major OData version, 4 for v4 and v4.01; nil for entity metadata.
    public var odataMajorVersion: Int? {
        guard case .csdl(let version, _) = self else { return nil }
        return Int(version.prefix { $0 != "." })
    }
}
