/// A stored or computed property.
public struct VariableDeclaration: Equatable, Sendable {
    /// A constant, a stored variable or a computed one, with its value or accessors.
    public enum Kind: Equatable, Sendable {
        /// `let name: Type = value`; without a value, set by an initializer.
        case constant(Expression?)
        /// `var name: Type = value` (the value optional).
        case stored(Expression?)
        /// `var name: Type { get… set… _modify… }`; no setter makes it read-only, no `_modify` leaves it to Swift.
        case computed(getter: [Statement], setter: [Statement]?, modify: [Statement]? = nil)
    }

    /// The access level, written first; `internal` writes nothing.
    public var access: AccessLevel
    /// Modifiers written after the access level, such as `static` or `override`.
    public var modifiers: [Modifier] = []
    /// The property's name, in backticks when it is a keyword.
    public var name: String
    /// The type annotation after `:`; nil writes none, leaving the type to the value.
    public var type: TypeName?
    /// `let`, stored `var` or computed `var`, and its value or accessors.
    public var kind: Kind

    /// Creates a property from its access level, modifiers, name, type and kind.
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
    /// Written as spelled, after the access level: `public static func`, `override var`.
    case `static`, `class`, `override`, `required`, `final`, `mutating`
    /// An async function that runs on its caller's actor (Swift 6.2).
    case nonisolatedNonsending = "nonisolated(nonsending)"
}

/// A function or initializer.
public struct FunctionDeclaration: Equatable, Sendable {
    /// A function, `func name(…)`, or an initializer, `init(…)`.
    public enum Kind: Equatable, Sendable {
        /// `func name(…)`, the name in backticks when it is a keyword.
        case function(name: String)
        /// `init(…)`, or `init?(…)` when failable.
        case initializer(failable: Bool)
    }

    /// One parameter: `label name: Type = value`.
    public struct Parameter: Equatable, Sendable {
        /// The argument label; nil uses the name, `_` omits it.
        public var label: String?
        /// The parameter's name, in backticks when it is a keyword.
        public var name: String
        /// The parameter's type, written after `:`.
        public var type: TypeName
        /// The default value written after `=`; nil writes none.
        public var defaultValue: Expression?

        /// Creates a parameter from its label, name, type and default value.
        public init(label: String? = nil, name: String, type: TypeName, defaultValue: Expression? = nil) {
            self.label = label
            self.name = name
            self.type = type
            self.defaultValue = defaultValue
        }
    }

    /// The access level, written first; `internal` writes nothing.
    public var access: AccessLevel
    /// Modifiers written after the access level, such as `static`, `override` or `mutating`.
    public var modifiers: [Modifier] = []
    /// Whether it is `func name` or `init`.
    public var kind: Kind
    /// The parameters in parentheses; one per line when the first line would pass 120 columns.
    public var parameters: [Parameter] = []
    /// Whether it is marked `async`.
    public var isAsync = false
    /// Whether it is marked `throws`.
    public var isThrowing = false
    /// The result type, written after `->`; nil writes none.
    public var returnType: TypeName?
    /// The statements between the braces, each on its own line; none renders `{}`.
    public var body: [Statement]

    /// Creates a function or initializer from its access, modifiers, kind, parameters, effects, result and body.
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
    /// `Wrapped?`.
    case optional(TypeName)
    /// `[Element]`.
    case array(TypeName)
    /// `[Key: Value]`.
    case dictionary(key: TypeName, value: TypeName)
    /// `Name<Argument, …>`.
    case generic(String, [TypeName])
    /// `Type.Type` (a metatype).
    case metatype(TypeName)
    /// `Self`: the type whose member is being declared.
    case selfType
}
