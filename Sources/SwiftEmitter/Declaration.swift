/// A structured representation of the Swift declarations the generator writes. Translators
/// build these values; `SwiftRenderer` prints them. No text templates anywhere.
public indirect enum Declaration: Equatable, Sendable {
    /// A class: `public final class Name: Base, Protocol { … }`.
    case `class`(ClassDeclaration)
    /// A struct: `public struct Name: Protocol { … }`.
    case `struct`(NominalDeclaration)
    /// An enum: `public enum Name: RawType, Protocol { … }`.
    case `enum`(NominalDeclaration)
    /// An extension: `extension Type: Protocol { … }`.
    case `extension`(ExtensionDeclaration)
    /// A property: `let name: Type = value`, `var name: Type`, or `var name: Type { … }`.
    case variable(VariableDeclaration)
    /// A function or initializer: `func name(label name: Type) async throws -> Result { … }`, `init(…)`.
    case function(FunctionDeclaration)
    /// An enum case: `case name`, `case name = raw` or `case name(Type)`.
    case enumCase(EnumCaseDeclaration)
    /// `public typealias Name = Type`.
    case `typealias`(TypealiasDeclaration)
    /// A declaration with a documentation comment (`///` lines).
    case documented(Documentation, Declaration)
}

/// Access levels the generator uses.
public enum AccessLevel: String, Equatable, Sendable { case open, `public`, `internal`, `fileprivate`, `private` }

/// `///` lines: a summary, further paragraphs, and `- Remark:` style fields.
public struct Documentation: Equatable, Sendable {
    /// The text after each `///`; an empty line renders a bare `///`, a long one wraps to fit 120 columns.
    public var lines: [String]

    /// Creates documentation from its lines, written without the `///`.
    public init(_ lines: [String]) { self.lines = lines }
}

/// A class: `access final class Name: Superclass, Conformance { members }`.
public struct ClassDeclaration: Equatable, Sendable {
    /// The access level, written first; `internal` writes nothing.
    public var access: AccessLevel
    /// Whether `final` is written before `class`.
    public var isFinal = false
    /// The class's name, in backticks when it is a keyword.
    public var name: String
    /// The superclass, first in the inheritance clause; nil for a root class.
    public var superclass: TypeName?
    /// The protocols after the superclass in the inheritance clause.
    public var conformances: [TypeName] = []
    /// The declarations between the braces; none renders `{}`.
    public var members: [Declaration] = []

    /// Creates a class declaration from its access level, `final`, name, superclass, conformances and members.
    public init(
        access: AccessLevel,
        isFinal: Bool = false,
        name: String,
        superclass: TypeName? = nil,
        conformances: [TypeName] = [],
        members: [Declaration] = []
    ) {
        self.access = access
        self.isFinal = isFinal
        self.name = name
        self.superclass = superclass
        self.conformances = conformances
        self.members = members
    }
}

/// A struct or enum: a name, conformances (for an enum, a raw type first) and members.
public struct NominalDeclaration: Equatable, Sendable {
    /// The access level, written first; `internal` writes nothing.
    public var access: AccessLevel
    /// The type's name, in backticks when it is a keyword.
    public var name: String
    /// The inheritance clause after `:`; for an enum, its raw type comes first.
    public var conformances: [TypeName] = []
    /// The declarations between the braces; none renders `{}`.
    public var members: [Declaration] = []

    /// Creates a struct or enum declaration from its access level, name, conformances and members.
    public init(access: AccessLevel, name: String, conformances: [TypeName] = [], members: [Declaration] = []) {
        self.access = access
        self.name = name
        self.conformances = conformances
        self.members = members
    }
}

/// An extension: `access extension Type: Conformance { members }`.
public struct ExtensionDeclaration: Equatable, Sendable {
    /// The access level before `extension`; nil or `internal` writes none.
    public var access: AccessLevel?
    /// The type extended, written after `extension`.
    public var extendedType: TypeName
    /// The protocols the extension adds, after `:`.
    public var conformances: [TypeName] = []
    /// The declarations between the braces; none renders `{}`.
    public var members: [Declaration] = []

    /// Creates an extension from its access level, extended type, conformances and members.
    public init(
        access: AccessLevel? = nil,
        extendedType: TypeName,
        conformances: [TypeName] = [],
        members: [Declaration] = []
    ) {
        self.access = access
        self.extendedType = extendedType
        self.conformances = conformances
        self.members = members
    }
}

/// `case name`, `case name = raw`, or `case name(Type)`.
public struct EnumCaseDeclaration: Equatable, Sendable {
    /// The case's name, in backticks when it is a keyword.
    public var name: String
    /// The raw value written after `=`; nil writes none.
    public var rawValue: Literal?
    /// The associated values' types, in parentheses; none writes no parentheses.
    public var associatedTypes: [TypeName] = []

    /// Creates an enum case from its name, raw value and associated types.
    public init(name: String, rawValue: Literal? = nil, associatedTypes: [TypeName] = []) {
        self.name = name
        self.rawValue = rawValue
        self.associatedTypes = associatedTypes
    }
}

/// A type alias: `access typealias Name = Type`.
public struct TypealiasDeclaration: Equatable, Sendable {
    /// The access level, written first; `internal` writes nothing.
    public var access: AccessLevel
    /// The alias's name, in backticks when it is a keyword.
    public var name: String
    /// The aliased type, written after `=`.
    public var type: TypeName

    /// Creates a type alias from its access level, name and aliased type.
    public init(access: AccessLevel, name: String, type: TypeName) {
        self.access = access
        self.name = name
        self.type = type
    }
}
