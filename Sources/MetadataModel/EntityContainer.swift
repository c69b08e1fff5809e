/// An entity container: the service's entity sets, singletons and operation imports.
public struct EntityContainer: Hashable, Sendable, Codable {
    public var name: String
    public var extends: QualifiedName?
    /// v2/v3 `m:IsDefaultEntityContainer`.
    public var isDefault = false
    public var entitySets: [EntitySet] = []
    public var singletons: [Singleton] = []
    public var actionImports: [ActionImport] = []
    public var functionImports: [FunctionImport] = []
    /// v2/v3 association sets.
    public var associationSets: [AssociationSet] = []
    public var annotations: [Annotation] = []
    public var location: SourceLocation

    public init(name: String, location: SourceLocation) {
        self.name = name
        self.location = location
    }
}

/// An entity set.
public struct EntitySet: Hashable, Sendable, Codable {
    public var name: String
    public var entityType: QualifiedName
    public var navigationPropertyBindings: [NavigationPropertyBinding] = []
    public var includeInServiceDocument = true
    public var annotations: [Annotation] = []
    public var sap: SAPAttributes?
    public var location: SourceLocation

    public init(name: String, entityType: QualifiedName, location: SourceLocation) {
        self.name = name
        self.entityType = entityType
        self.location = location
    }
}

/// A singleton: a single named entity.
public struct Singleton: Hashable, Sendable, Codable {
    public var name: String
    public var type: QualifiedName
    public var navigationPropertyBindings: [NavigationPropertyBinding] = []
    public var annotations: [Annotation] = []
    public var location: SourceLocation

    public init(name: String, type: QualifiedName, location: SourceLocation) {
        self.name = name
        self.type = type
        self.location = location
    }
}

/// Which entity set a navigation property's targets live in.
public struct NavigationPropertyBinding: Hashable, Sendable, Codable {
    public var path: String
    public var target: String
    public var location: SourceLocation

    public init(path: String, target: String, location: SourceLocation) {
        self.path = path
        self.target = target
        self.location = location
    }
}

/// An action import (v4).
public struct ActionImport: Hashable, Sendable, Codable {
    public var name: String
    public var action: QualifiedName
    public var entitySet: String?
    public var annotations: [Annotation] = []
    public var location: SourceLocation

    public init(name: String, action: QualifiedName, location: SourceLocation) {
        self.name = name
        self.action = action
        self.location = location
    }
}

/// A function import: in v4 a reference to a function; in v2/v3 a self-contained service operation.
public struct FunctionImport: Hashable, Sendable, Codable {
    public var name: String
    /// v4: the imported function.
    public var function: QualifiedName?
    public var entitySet: String?
    public var includeInServiceDocument = false
    /// v2/v3: parameters, return type and HTTP method of the service operation.
    public var parameters: [Parameter] = []
    public var returnType: ReturnType?
    public var httpMethod: String?
    public var isSideEffecting: Bool?
    public var isBindable: Bool?
    public var isComposable: Bool?
    public var annotations: [Annotation] = []
    public var sap: SAPAttributes?
    public var location: SourceLocation

    public init(name: String, location: SourceLocation) {
        self.name = name
        self.location = location
    }
}

/// A v2/v3 association set.
public struct AssociationSet: Hashable, Sendable, Codable {
    public struct End: Hashable, Sendable, Codable {
        public var role: String
        public var entitySet: String

        public init(role: String, entitySet: String) {
            self.role = role
            self.entitySet = entitySet
        }
    }

    public var name: String
    public var association: QualifiedName
    public var ends: [End] = []
    public var location: SourceLocation

    public init(name: String, association: QualifiedName, location: SourceLocation) {
        self.name = name
        self.association = association
        self.location = location
    }
}
