import Foundation

/// References encode as `{"logicalName": "account", "id": "…", "name": "Contoso"}`, without `name` when it is nil.
extension EntityReference: Codable {
    private enum CodingKeys: String, CodingKey { case logicalName, id, name }

    /// Decodes `logicalName`, `id` and, when present, `name`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            logicalName: try container.decode(String.self, forKey: .logicalName),
            id: try container.decode(UUID.self, forKey: .id),
            name: try container.decodeIfPresent(String.self, forKey: .name)
        )
    }

    /// Encodes `logicalName`, `id` and, when it is not nil, `name`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(logicalName, forKey: .logicalName)
        try container.encode(id, forKey: .id)
        try container.encodeIfPresent(name, forKey: .name)
    }
}
