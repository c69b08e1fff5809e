/// A structured representation of the Swift declarations the generator writes. Translators
/// build these values; `SwiftRenderer` prints them. No text templates anywhere.
public indirect enum Declaration: Equatable, Sendable {
    case `class`(ClassDeclaration)
    case `struct`(NominalDeclaration)
    case `enum`(NominalDeclaration)
    case `extension`(ExtensionDeclaration)
    case variable(VariableDeclaration)
    case function(FunctionDeclaration)
    case enumCase(EnumCaseDeclaration)
    case `typealias`(TypealiasDeclaration)
    /// A declaration with a documentation comment (`///` lines).
    case documented(Documentation, Declaration)
}

/// Access levels the generator uses.
public enum AccessLevel: String, Equatable, Sendable { case open, `public`, `internal`, `fileprivate`, `private` }

/// `///` lines: a summary, further paragraphs, and `- Remark:` style fields.
public struct Documentation: Equatable, Sendable {
    public var lines: [String]

    public init(_ lines: [String]) { self.lines = lines }
}

public struct ClassDeclaration: Equatable, Sendable {
    public var access: AccessLevel
    public var isFinal = false
    public var name: String
    public var superclass: TypeName?
    public var conformances: [TypeName] = []
    public var members: [Declaration] = []

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
    public var access: AccessLevel
    public var name: String
    public var conformances: [TypeName] = []
    public var members: [Declaration] = []

    public init(access: AccessLevel, name: String, conformances: [TypeName] = [], members: [Declaration] = []) {
        self.access = access
        self.name = name
        self.conformances = conformances
        self.members = members
    }
}

public struct ExtensionDeclaration: Equatable, Sendable {
    public var access: AccessLevel?
    public var extendedType: TypeName
    public var conformances: [TypeName] = []
    public var members: [Declaration] = []

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
    public var name: String
    public var rawValue: Literal?
    public var associatedTypes: [TypeName] = []

    public init(name: String, rawValue: Literal? = nil, associatedTypes: [TypeName] = []) {
        self.name = name
        self.rawValue = rawValue
        self.associatedTypes = associatedTypes
    }
}

public struct TypealiasDeclaration: Equatable, Sendable {
    public var access: AccessLevel
    public var name: String
    public var type: TypeName

    public init(access: AccessLevel, name: String, type: TypeName) {
        self.access = access
        self.name = name
        self.type = type
    }
}
