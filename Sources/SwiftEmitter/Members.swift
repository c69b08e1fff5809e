/// A stored or computed property.
public struct VariableDeclaration: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// `let name: Type = value`; without a value, set by an initializer.
        case constant(Expression?)
        /// `var name: Type = value` (the value optional).
        case stored(Expression?)
        /// `var name: Type { get… set… }`; no setter makes it read-only.
        case computed(getter: [Statement], setter: [Statement]?)
    }

    public var access: AccessLevel
    public var modifiers: [Modifier] = []
    public var name: String
    public var type: TypeName?
    public var kind: Kind

    public init(access: AccessLevel, modifiers: [Modifier] = [], name: String, type: TypeName?, kind: Kind) {
        self.access = access
        self.modifiers = modifiers
        self.name = name
        self.type = type
        self.kind = kind
    }
}

/// Declaration modifiers other than access.
public enum Modifier: String, Equatable, Sendable {
    case `static`, `class`, `override`, `required`, `final`, `mutating`
    /// An async function that runs on its caller's actor (Swift 6.2).
    case nonisolatedNonsending = "nonisolated(nonsending)"
}

/// A function or initializer.
public struct FunctionDeclaration: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case function(name: String)
        case initializer(failable: Bool)
    }

    public struct Parameter: Equatable, Sendable {
        /// The argument label; nil uses the name, `_` omits it.
        public var label: String?
        public var name: String
        public var type: TypeName
        public var defaultValue: Expression?

        public init(label: String? = nil, name: String, type: TypeName, defaultValue: Expression? = nil) {
            self.label = label
            self.name = name
            self.type = type
            self.defaultValue = defaultValue
        }
    }

    public var access: AccessLevel
    public var modifiers: [Modifier] = []
    public var kind: Kind
    public var parameters: [Parameter] = []
    /// Whether it is marked `async`.
    public var isAsync = false
    /// Whether it is marked `throws`.
    public var isThrowing = false
    public var returnType: TypeName?
    public var body: [Statement]

    public init(
        access: AccessLevel,
        modifiers: [Modifier] = [],
        kind: Kind,
        parameters: [Parameter] = [],
        isAsync: Bool = false,
        isThrowing: Bool = false,
        returnType: TypeName? = nil,
        body: [Statement]
    ) {
        self.access = access
        self.modifiers = modifiers
        self.kind = kind
        self.parameters = parameters
        self.isAsync = isAsync
        self.isThrowing = isThrowing
        self.returnType = returnType
        self.body = body
    }
}

/// A type as written: a possibly qualified name, optional, array, dictionary or generic.
public indirect enum TypeName: Equatable, Sendable {
    /// `Swift.String`, `Account`, `MobileSdk.Entity`.
    case named(String)
    case optional(TypeName)
    case array(TypeName)
    case dictionary(key: TypeName, value: TypeName)
    /// `Name<Argument, …>`.
    case generic(String, [TypeName])
    /// `Type.Type` (a metatype).
    case metatype(TypeName)
}
