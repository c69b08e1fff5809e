import MetadataModel

extension GeneratorConfiguration {
    /// Swift names chosen by the user, applied before names are made unique: a rename wins over every generated name,
    /// and one that collides (with the runtime's names, an inherited member or another rename) is an error at the
    /// rename. Keys match case-insensitively, as Dynamics names do.
    public struct Renames: Codable, Equatable, Sendable {
        /// The keys `renames` may hold.
        public static let keys = CodingKeys.allCases.map(\.rawValue)

        enum CodingKeys: String, CodingKey, CaseIterable { case types, properties, enumCases }

        /// Type → Swift type name (`typePrefix` is not added). A type is an entity type (logical name, schema name,
        /// type name or qualified name), a complex, enum or type definition (name or qualified name), or an option
        /// set: a global one by name, a local one as `entity.attribute`.
        public var types: [String: String]
        /// `Type.member` → Swift property name, for properties, Dynamics attributes (logical name, or the Web API's
        /// `_x_value`) and navigation properties of entity and complex types.
        public var properties: [String: String]
        /// `Enum.member` → Swift case name: a member of an enum type by name, an option of an option set (named as
        /// in ``types``) by value.
        public var enumCases: [String: String]
        /// Where each rename is written, by `section.key` (`types.task`), for diagnostics; not part of the JSON.
        public var locations: [String: SourceLocation] = [:]

        /// Creates renames; all empty by default.
        public init(
            types: [String: String] = [:],
            properties: [String: String] = [:],
            enumCases: [String: String] = [:]
        ) {
            self.types = types
            self.properties = properties
            self.enumCases = enumCases
        }

        /// Missing sections are empty.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            types = try container.decodeIfPresent([String: String].self, forKey: .types) ?? [:]
            properties = try container.decodeIfPresent([String: String].self, forKey: .properties) ?? [:]
            enumCases = try container.decodeIfPresent([String: String].self, forKey: .enumCases) ?? [:]
        }

        /// Encodes the three sections; locations are left out.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(types, forKey: .types)
            try container.encode(properties, forKey: .properties)
            try container.encode(enumCases, forKey: .enumCases)
        }

        /// Whether there are no renames.
        public var isEmpty: Bool { types.isEmpty && properties.isEmpty && enumCases.isEmpty }
    }
}
