/// A CSDL schema: the types, operations, containers and annotations of one namespace.
public struct Schema: Hashable, Sendable, Codable {
    public var namespace: String
    public var alias: String?
    public var entityTypes: [EntityType] = []
    public var complexTypes: [ComplexType] = []
    public var enumTypes: [EnumType] = []
    public var typeDefinitions: [TypeDefinition] = []
    public var actions: [Operation] = []
    public var functions: [Operation] = []
    public var terms: [Term] = []
    public var entityContainers: [EntityContainer] = []
    /// OData v2/v3 associations; the reader also resolves them into navigation properties.
    public var associations: [Association] = []
    /// External annotations: `<Annotations Target="…">` blocks.
    public var annotationGroups: [AnnotationGroup] = []
    /// Dynamics option sets shared between entities (global option sets).
    public var optionSets: [DynamicsOptionSet] = []
    public var annotations: [Annotation] = []
    public var location: SourceLocation

    public init(namespace: String, alias: String? = nil, location: SourceLocation) {
        self.namespace = namespace
        self.alias = alias
        self.location = location
    }
}
