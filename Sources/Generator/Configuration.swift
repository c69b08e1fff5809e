import MetadataModel

/// What to generate and how to name it: read from a JSON configuration file.
public struct GeneratorConfiguration: Codable, Equatable, Sendable {
    /// How generated properties are named.
    public enum PropertyNaming: String, Codable, Equatable, Sendable {
        /// `parentCustomerId`: lowerCamelCase of the schema name (Dynamics) or property name.
        case lowerCamelCase
        /// `ParentCustomerId`: the Dynamics schema name or the property name as written.
        case schemaName
        /// `parentcustomerid`: the Dynamics logical name or the property name as written.
        case logicalName
    }

    /// The access level of generated declarations.
    public enum Access: String, Codable, Equatable, Sendable { case `public`, `internal` }

    /// Include and exclude patterns (`*` and `?` wildcards); empty `include` means everything.
    public struct Filter: Codable, Equatable, Sendable {
        /// The keys a filter may hold.
        public static let keys = CodingKeys.allCases.map(\.rawValue)

        enum CodingKeys: String, CodingKey, CaseIterable { case include, exclude }

        /// Patterns of which a name must match one (JSON key `include`, default `[]`: every name).
        public var include: [String]
        /// Patterns no name may match (JSON key `exclude`, default `[]`).
        public var exclude: [String]

        /// Creates a filter from its include and exclude patterns; both empty admit everything.
        public init(include: [String] = [], exclude: [String] = []) {
            self.include = include
            self.exclude = exclude
        }

        /// Whether any of `names` is included and none is excluded.
        public func admits(_ names: [String]) -> Bool {
            let included =
                include.isEmpty || include.contains { pattern in names.contains { Wildcard.matches(pattern, $0) } }
            return included && !exclude.contains { pattern in names.contains { Wildcard.matches(pattern, $0) } }
        }
    }

    /// Entities by logical name, type name or qualified name.
    public var entities: Filter
    /// Attributes as `entity.attribute` or `attribute`, by logical or property name.
    public var attributes: Filter
    /// Operations (actions, functions, v2/v3 service operations) by name, qualified name or import name;
    /// `{"exclude": ["*"]}` generates no request types.
    public var operations: Filter
    /// How properties are named (JSON key `propertyNaming`, default `lowerCamelCase`).
    public var propertyNaming: PropertyNaming
    /// Put before every generated type name.
    public var typePrefix: String
    /// The access level of generated declarations (JSON key `accessLevel`, default `public`).
    public var accessLevel: Access
    /// The name of the generated enum that registers the entity classes.
    public var registryName: String
    /// Swift names for types, properties and enum cases, chosen by the user (JSON key `renames`).
    public var renames: Renames
    /// Operation parameters typed as an option set's enum, by `Operation.Parameter` → option set (a global one by
    /// name, a local one as `entity.attribute` or by name): the metadata types them `Edm.Int32` and says no more
    /// (JSON key `optionSetParameters`).
    public var optionSetParameters: [String: String]
    /// Where each of `optionSetParameters` is written, for diagnostics; not part of the JSON.
    public var optionSetParameterLocations: [String: SourceLocation] = [:]

    /// Creates a configuration; each parameter's default is what a missing JSON key takes.
    public init(
        entities: Filter = Filter(),
        attributes: Filter = Filter(),
        operations: Filter = Filter(),
        propertyNaming: PropertyNaming = .lowerCamelCase,
        typePrefix: String = "",
        accessLevel: Access = .public,
        registryName: String = "GeneratedEntities",
        renames: Renames = Renames(),
        optionSetParameters: [String: String] = [:]
    ) {
        self.entities = entities
        self.attributes = attributes
        self.operations = operations
        self.propertyNaming = propertyNaming
        self.typePrefix = typePrefix
        self.accessLevel = accessLevel
        self.registryName = registryName
        self.renames = renames
        self.optionSetParameters = optionSetParameters
    }

    /// The keys a configuration file may hold.
    public static let keys = CodingKeys.allCases.map(\.rawValue)
    /// The keys that hold a `Filter`.
    public static let filterKeys = [CodingKeys.entities, .attributes, .operations].map(\.rawValue)

    enum CodingKeys: String, CodingKey, CaseIterable {
        case entities, attributes, operations, propertyNaming, typePrefix, accessLevel, registryName, renames
        case optionSetParameters
    }

    /// Missing keys take their defaults.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = GeneratorConfiguration()
        entities = try container.decodeIfPresent(Filter.self, forKey: .entities) ?? defaults.entities
        attributes = try container.decodeIfPresent(Filter.self, forKey: .attributes) ?? defaults.attributes
        operations = try container.decodeIfPresent(Filter.self, forKey: .operations) ?? defaults.operations
        propertyNaming =
            try container.decodeIfPresent(PropertyNaming.self, forKey: .propertyNaming) ?? defaults.propertyNaming
        typePrefix = try container.decodeIfPresent(String.self, forKey: .typePrefix) ?? defaults.typePrefix
        accessLevel = try container.decodeIfPresent(Access.self, forKey: .accessLevel) ?? defaults.accessLevel
        registryName = try container.decodeIfPresent(String.self, forKey: .registryName) ?? defaults.registryName
        renames = try container.decodeIfPresent(Renames.self, forKey: .renames) ?? defaults.renames
        optionSetParameters =
            try container.decodeIfPresent([String: String].self, forKey: .optionSetParameters)
            ?? defaults.optionSetParameters
    }

    /// Encodes every key; `renames` and `optionSetParameters` only when there are some.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(entities, forKey: .entities)
        try container.encode(attributes, forKey: .attributes)
        try container.encode(operations, forKey: .operations)
        try container.encode(propertyNaming, forKey: .propertyNaming)
        try container.encode(typePrefix, forKey: .typePrefix)
        try container.encode(accessLevel, forKey: .accessLevel)
        try container.encode(registryName, forKey: .registryName)
        if !renames.isEmpty { try container.encode(renames, forKey: .renames) }
        if !optionSetParameters.isEmpty { try container.encode(optionSetParameters, forKey: .optionSetParameters) }
    }
}

extension GeneratorConfiguration.Filter {
    /// Decodes `include` and `exclude`; a missing key is an empty list.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        include = try container.decodeIfPresent([String].self, forKey: .include) ?? []
        exclude = try container.decodeIfPresent([String].self, forKey: .exclude) ?? []
    }
}

/// `*` (any run) and `?` (one character) matching, case-insensitive as Dynamics names are.
enum Wildcard {
    static func matches(_ pattern: String, _ text: String) -> Bool {
        matches(Array(pattern.lowercased()), 0, Array(text.lowercased()), 0)
    }

    private static func matches(_ pattern: [Character], _ p: Int, _ text: [Character], _ t: Int) -> Bool {
        var p = p
        var t = t
        var star: (p: Int, t: Int)?
        while t < text.count {
            if p < pattern.count && (pattern[p] == "?" || pattern[p] == text[t]) {
                p += 1
                t += 1
            } else if p < pattern.count && pattern[p] == "*" {
                star = (p, t)
                p += 1
            } else if let last = star {
                p = last.p + 1
                t = last.t + 1
                star = (last.p, last.t + 1)
            } else {
                return false
            }
        }
        while p < pattern.count && pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}
