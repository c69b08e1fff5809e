import MetadataModel
import SwiftEmitter

/// What the translators share: the model, the configuration, the names chosen, and diagnostics.
final class GenerationContext {
    let service: Service
    let configuration: GeneratorConfiguration
    /// The configuration's renames, with what each matched.
    let renames: RenameTable
    var typeNames: TypeNames
    var diagnostics: [Diagnostic] = []
    /// The lookups each translated entity class declares, with the properties they come from: a derived class whose
    /// relationships bind an inherited lookup through navigation properties of its own lists it again.
    var lookupPlans: [QualifiedName: [(property: Property, plan: PropertyPlan)]] = [:]
    /// The `optionSetParameters` entries that named a parameter.
    var matchedOptionSetParameters: Set<String> = []
    /// The LCIDs without a known language tag already warned about.
    var reportedLanguages: Set<Int> = []
    /// `lookupSources(of:)` of the entities asked about.
    var lookupSourcesCache: [QualifiedName: LookupSources] = [:]

    /// What binds an entity's lookups to their targets (see `lookupSources(of:)`).
    struct LookupSources {
        var relationships: [String: [DynamicsRelationship]]
        var navigations: [NavigationProperty]
    }

    /// The service's types by name, their lineages and entity sets.
    let index: ModelIndex
    /// The entity types to generate, by qualified name, in document order.
    private(set) var entityTypes: [(name: QualifiedName, type: EntityType)] = []
    private(set) var entityIndex: [QualifiedName: EntityType] = [:]
    /// Every entity type with Dynamics metadata, generated or not, by logical name (the first of each name).
    private(set) var entityByLogicalName: [String: (name: QualifiedName, type: EntityType)] = [:]

    init(service: Service, index: ModelIndex, configuration: GeneratorConfiguration) {
        self.service = service
        self.index = index
        self.configuration = configuration
        renames = RenameTable(configuration.renames)
        typeNames = TypeNames(registryName: IdentifierNaming.sanitized(configuration.registryName))
        selectEntityTypes()
    }

    /// Declarations are `public` (classes `open`) or `internal`, as configured.
    var access: AccessLevel { configuration.accessLevel == .public ? .public : .internal }
    var classAccess: AccessLevel { configuration.accessLevel == .public ? .open : .internal }

    /// An entity type and its base types, nearest first, generated or not.
    func lineage(of name: QualifiedName) -> [(name: QualifiedName, type: EntityType)] { index.entityLineage(of: name) }

    /// The entities the configuration admits, and their base types.
    private func selectEntityTypes() {
        var selected: Set<QualifiedName> = []
        for name in index.entityTypeNames {
            guard let type = index.entityTypes[name] else { continue }
            if let logicalName = type.dynamics?.logicalName, entityByLogicalName[logicalName] == nil {
                entityByLogicalName[logicalName] = (name, type)
            }
            if configuration.entities.admits(Self.names(of: type, qualified: name)) {
                selected.formUnion(index.lineage(of: name))
            }
        }
        entityTypes = index.entityTypeNames.filter(selected.contains)
            .compactMap { name in index.entityTypes[name].map { (name: name, type: $0) } }
        entityIndex = Dictionary(entityTypes.map { ($0.name, $0.type) }, uniquingKeysWith: { first, _ in first })
    }

    /// The names a filter pattern can match for an entity type.
    static func names(of type: EntityType, qualified: QualifiedName) -> [String] {
        [type.name, qualified.description] + [type.dynamics?.logicalName, type.dynamics?.schemaName].compactMap { $0 }
    }

    func note(_ message: String, at location: SourceLocation) { diagnostics.append(.note(message, at: location)) }

    func warning(_ message: String, at location: SourceLocation) { diagnostics.append(.warning(message, at: location)) }

    func error(_ message: String, at location: SourceLocation) { diagnostics.append(.error(message, at: location)) }
}
