/// An entity container: the service's entity sets, singletons and operation imports.
public struct EntityContainer: Hashable, Sendable, Codable {
    /// The `Name` attribute, unqualified.
    public var name: String
    /// `Extends`: the qualified name of the container this one extends; nil when it extends none.
    public var extends: QualifiedName?
    /// v2/v3 `m:IsDefaultEntityContainer`.
    public var isDefault = false
    /// The `<EntitySet>` children, in document order.
    public var entitySets: [EntitySet] = []
    /// The v4 `<Singleton>` children, in document order.
    public var singletons: [Singleton] = []
    /// The v4 `<ActionImport>` children, in document order.
    public var actionImports: [ActionImport] = []
    /// The `<FunctionImport>` children, in document order.
    public var functionImports: [FunctionImport] = []
    /// v2/v3 association sets.
    public var associationSets: [AssociationSet] = []
    /// Inline `<Annotation>`s and v2/v3 `<Documentation>`, then external annotations targeting the container.
    public var annotations: [Annotation] = []
    /// Where the `<EntityContainer>` element was read.
    public var location: SourceLocation

    /// Creates an empty container with its name and source location.
    public init(name: String, location: SourceLocation) {
        self.name = name
        self.location = location
    }
}

/// An entity set.
public struct EntitySet: Hashable, Sendable, Codable {
    /// The `Name` attribute: the set's name in resource paths, e.g. `People`.
    public var name: String
    /// The `EntityType` attribute: the qualified name of its entities' type.
    public var entityType: QualifiedName
    /// The v4 `<NavigationPropertyBinding>` children, in document order.
    public var navigationPropertyBindings: [NavigationPropertyBinding] = []
    /// The v4 `IncludeInServiceDocument` attribute; `true` when absent.
    public var includeInServiceDocument = true
    /// Inline `<Annotation>`s and v2/v3 `<Documentation>`, then external annotations targeting the set.
    public var annotations: [Annotation] = []
    /// SAP Gateway's `sap:` attributes (`creatable`, `addressable`…); nil when there are none.
    public var sap: SAPAttributes?
    /// Where the `<EntitySet>` element was read.
    public var location: SourceLocation

    /// Creates an entity set of `entityType` with its name and source location.
    public init(name: String, entityType: QualifiedName, location: SourceLocation) {
        self.name = name
        self.entityType = entityType
        self.location = location
    }
}

/// A singleton: a single named entity.
public struct Singleton: Hashable, Sendable, Codable {
    /// The `Name` attribute: the singleton's name in resource paths, e.g. `Me`.
    public var name: String
    /// The `Type` attribute: the qualified name of its entity type.
    public var type: QualifiedName
    /// The `<NavigationPropertyBinding>` children, in document order.
    public var navigationPropertyBindings: [NavigationPropertyBinding] = []
    /// Inline `<Annotation>`s, then external annotations targeting the singleton.
    public var annotations: [Annotation] = []
    /// Where the `<Singleton>` element was read.
    public var location: SourceLocation

    /// Creates a singleton of `type` with its name and source location.
    public init(name: String, type: QualifiedName, location: SourceLocation) {
        self.name = name
        self.type = type
        self.location = location
    }
}

/// Which entity set a navigation property's targets live in.
public struct NavigationPropertyBinding: Hashable, Sendable, Codable {
    /// The `Path` attribute: the navigation property, possibly after type casts and complex properties.
    public var path: String
    /// The `Target` attribute: an entity set or singleton of this container, or a path to one elsewhere.
    public var target: String
    /// Where the `<NavigationPropertyBinding>` element was read.
    public var location: SourceLocation

    /// Creates a binding of the navigation property at `path` to the set or singleton named by `target`.
    public init(path: String, target: String, location: SourceLocation) {
        self.path = path
        self.target = target
        self.location = location
    }
}

/// An action import (v4).
public struct ActionImport: Hashable, Sendable, Codable {
    /// The `Name` attribute: the import's name in resource paths.
    public var name: String
    /// The `Action` attribute: the qualified name of the imported action.
    public var action: QualifiedName
    /// The `EntitySet` attribute: the set that returned entities belong to; nil when absent.
    public var entitySet: String?
    /// Inline `<Annotation>`s.
    public var annotations: [Annotation] = []
    /// Where the `<ActionImport>` element was read.
    public var location: SourceLocation

    /// Creates an action import of `action` with its name and source location.
    public init(name: String, action: QualifiedName, location: SourceLocation) {
        self.name = name
        self.action = action
        self.location = location
    }
}

/// A function import: in v4 a reference to a function; in v2/v3 a self-contained service operation.
public struct FunctionImport: Hashable, Sendable, Codable {
    /// The `Name` attribute: the import's name in resource paths.
    public var name: String
    /// v4: the imported function.
    public var function: QualifiedName?
    /// The `EntitySet` attribute: the set that returned entities belong to; nil when absent.
    public var entitySet: String?
    /// The v4 `IncludeInServiceDocument` attribute; `false` when absent.
    public var includeInServiceDocument = false
    /// v2/v3: parameters, return type and HTTP method of the service operation.
    public var parameters: [Parameter] = []
    /// v2/v3: the `ReturnType` attribute or child element; nil when the operation returns nothing.
    public var returnType: ReturnType?
    /// v2/v3 `m:HttpMethod`, e.g. `GET` or `POST`; nil when absent.
    public var httpMethod: String?
    /// v3 `IsSideEffecting`; nil when absent (the v3 default is `true`).
    public var isSideEffecting: Bool?
    /// v3 `IsBindable`: whether the first parameter is a binding parameter; nil when absent.
    public var isBindable: Bool?
    /// v3 `IsComposable`: whether further path segments or query options may follow; nil when absent.
    public var isComposable: Bool?
    /// Inline `<Annotation>`s and v2/v3 `<Documentation>`.
    public var annotations: [Annotation] = []
    /// SAP Gateway's `sap:` attributes (`action-for`, `label`…); nil when there are none.
    public var sap: SAPAttributes?
    /// Where the `<FunctionImport>` element was read.
    public var location: SourceLocation

    /// Creates a function import with its name and source location; the rest is filled in as it is read.
    public init(name: String, location: SourceLocation) {
        self.name = name
        self.location = location
    }
}

/// A v2/v3 association set.
public struct AssociationSet: Hashable, Sendable, Codable {
    /// An `<End>` of the set: the entity set that holds the entities of one role.
    public struct End: Hashable, Sendable, Codable {
        /// The `Role` attribute: an end of the association; empty when absent.
        public var role: String
        /// The `EntitySet` attribute: the set that plays that role.
        public var entitySet: String

        /// Creates an end binding `role` to `entitySet`.
        public init(role: String, entitySet: String) {
            self.role = role
            self.entitySet = entitySet
        }
    }

    /// The `Name` attribute.
    public var name: String
    /// The `Association` attribute: the qualified name of the association the set holds links of.
    public var association: QualifiedName
    /// The `<End>` children that name an entity set, in document order.
    public var ends: [End] = []
    /// Where the `<AssociationSet>` element was read.
    public var location: SourceLocation

    /// Creates an association set of `association` with its name and source location, and no ends.
    public init(name: String, association: QualifiedName, location: SourceLocation) {
        self.name = name
        self.association = association
        self.location = location
    }
}
