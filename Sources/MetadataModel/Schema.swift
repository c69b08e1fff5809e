/// A CSDL schema: the types, operations, containers and annotations of one namespace.
public struct Schema: Hashable, Sendable, Codable {
    /// `Namespace`: the namespace that qualifies the names of the schema's members.
    public var namespace: String
    /// `Alias`: a short name for the namespace within its document; nil when not given.
    public var alias: String?
    /// `<EntityType>` elements, in document order; Dynamics entities the CSDL lacks are added after them.
    public var entityTypes: [EntityType] = []
    /// `<ComplexType>` elements, in document order.
    public var complexTypes: [ComplexType] = []
    /// `<EnumType>` elements, in document order.
    public var enumTypes: [EnumType] = []
    /// `<TypeDefinition>` elements, in document order.
    public var typeDefinitions: [TypeDefinition] = []
    /// v4 `<Action>` elements, in document order.
    public var actions: [Operation] = []
    /// v4 `<Function>` elements, in document order.
    public var functions: [Operation] = []
    /// `<Term>` elements (v3 `<ValueTerm>` too), in document order.
    public var terms: [Term] = []
    /// `<EntityContainer>` elements, in document order.
    public var entityContainers: [EntityContainer] = []
    /// OData v2/v3 associations; the reader also resolves them into navigation properties.
    public var associations: [Association] = []
    /// External annotations: `<Annotations Target="…">` blocks.
    public var annotationGroups: [AnnotationGroup] = []
    /// Dynamics option sets shared between entities (global option sets).
    public var optionSets: [DynamicsOptionSet] = []
    /// `<Annotation>` elements directly inside the `<Schema>` element.
    public var annotations: [Annotation] = []
    /// Where the schema was declared, for diagnostics.
    public var location: SourceLocation

    /// Creates an empty schema for `namespace`, with its `alias` if it has one.
    public init(namespace: String, alias: String? = nil, location: SourceLocation) {
        self.namespace = namespace
        self.alias = alias
        self.location = location
    }
}
