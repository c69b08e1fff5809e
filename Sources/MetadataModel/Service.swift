/// Everything read from one or more metadata documents: the root of the intermediate model.
public struct Service: Hashable, Sendable, Codable {
    /// The documents read, in the order given, with the dialect each was written in.
    public var documents: [DocumentInfo]
    /// Schemas of all documents, in document order.
    public var schemas: [Schema]
    /// Namespaces named by `edmx:Reference` that could not be read; their types stay opaque.
    public var opaqueNamespaces: [String]

    public init(documents: [DocumentInfo] = [], schemas: [Schema] = [], opaqueNamespaces: [String] = []) {
        self.documents = documents
        self.schemas = schemas
        self.opaqueNamespaces = opaqueNamespaces
    }

    /// The schema with this namespace, if any.
    public func schema(_ namespace: String) -> Schema? { schemas.first { $0.namespace == namespace } }

    public var entityTypes: [EntityType] { schemas.flatMap(\.entityTypes) }
    public var complexTypes: [ComplexType] { schemas.flatMap(\.complexTypes) }
    public var enumTypes: [EnumType] { schemas.flatMap(\.enumTypes) }
    public var actions: [Operation] { schemas.flatMap(\.actions) }
    public var functions: [Operation] { schemas.flatMap(\.functions) }
    public var entityContainers: [EntityContainer] { schemas.flatMap(\.entityContainers) }
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
    public var path: String
    public var dialect: Dialect
    /// Read because another document references it (`edmx:Reference`), not named by the user.
    public var isReference: Bool

    public init(path: String, dialect: Dialect, isReference: Bool = false) {
        self.path = path
        self.dialect = dialect
        self.isReference = isReference
    }
}
