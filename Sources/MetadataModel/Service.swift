/// Everything read from one or more metadata documents: the root of the intermediate model.
public struct Service: Hashable, Sendable, Codable {
    /// The documents read, in the order given, with the dialect each was written in.
    public var documents: [DocumentInfo]
    /// Schemas of all documents, in document order.
    public var schemas: [Schema]
    /// Namespaces named by `edmx:Reference` that could not be read; their types stay opaque.
    public var opaqueNamespaces: [String]

    /// Creates a service from its documents, schemas and opaque namespaces; all empty by default.
    public init(documents: [DocumentInfo] = [], schemas: [Schema] = [], opaqueNamespaces: [String] = []) {
        self.documents = documents
        self.schemas = schemas
        self.opaqueNamespaces = opaqueNamespaces
    }

    /// The schema with this namespace, if any.
    public func schema(_ namespace: String) -> Schema? { schemas.first { $0.namespace == namespace } }

    /// The entity types of every schema, in schema order.
    public var entityTypes: [EntityType] { schemas.flatMap(\.entityTypes) }
    /// The complex types of every schema, in schema order.
    public var complexTypes: [ComplexType] { schemas.flatMap(\.complexTypes) }
    /// The enum types of every schema, in schema order.
    public var enumTypes: [EnumType] { schemas.flatMap(\.enumTypes) }
    /// The v4 actions of every schema, in schema order.
    public var actions: [Operation] { schemas.flatMap(\.actions) }
    /// The v4 functions of every schema, in schema order.
    public var functions: [Operation] { schemas.flatMap(\.functions) }
    /// The entity containers of every schema, in schema order.
    public var entityContainers: [EntityContainer] { schemas.flatMap(\.entityContainers) }
    /// The global Dynamics option sets of every schema, in schema order.
    public var optionSets: [DynamicsOptionSet] { schemas.flatMap(\.optionSets) }

    /// The entity type with this qualified name.
    public func entityType(_ name: QualifiedName) -> EntityType? {
        schema(name.namespace)?.entityTypes.first { $0.name == name.name }
    }

    /// The complex type with this qualified name.
    public func complexType(_ name: QualifiedName) -> ComplexType? {
        schema(name.namespace)?.complexTypes.first { $0.name == name.name }
    }
}

/// One document that was read, and what it was.
public struct DocumentInfo: Hashable, Sendable, Codable {
    /// The document's path: as given, or for a referenced document, where it was found.
    public var path: String
    /// What the document holds: OData CSDL (with its version) or Dynamics entity metadata.
    public var dialect: Dialect
    /// Read because another document references it (`edmx:Reference`), not named by the user.
    public var isReference: Bool

    /// Creates the record of the document at `path`, written in `dialect`; not a reference by default.
    public init(path: String, dialect: Dialect, isReference: Bool = false) {
        self.path = path
        self.dialect = dialect
        self.isReference = isReference
    }
}
