/// An expression in generated code.
public indirect enum Expression: Equatable, Sendable {
    case literal(Literal)
    /// A name in scope — a parameter, a property, `newValue` — escaped when it is a keyword (`` `extension` ``), as
    /// its declaration is.
    case identifier(String)
    /// `self`.
    case selfReference
    /// A type used as a value: `MobileSdk.OperationCall` in `MobileSdk.OperationCall(…)`.
    case typeReference(TypeName)
    /// `base.name`, or `.name` when the base is nil.
    case member(Expression?, String)
    /// `callee(label: argument, …)`.
    case call(Expression, [Argument])
    /// `[a, b]`.
    case array([Expression])
    /// An array literal with one element per line (as a statement, return value or constant's value).
    case arrayLines([Expression])
    /// `[key: value, …]`; empty renders `[:]`.
    case dictionary([DictionaryElement])
    /// `switch subject { case …: value … }` as an expression (Swift 5.9+).
    case `switch`(Expression, [SwitchCase])
    /// `Type.self`.
    case metatype(TypeName)
    /// `lhs ?? rhs`.
    case nilCoalescing(Expression, Expression)
    /// `(a, b)`.
    case tuple([Expression])
    /// `base[argument, …]`.
    case `subscript`(Expression, [Argument])
    /// `{ body }`, or `{ a, b in body }` with named parameters.
    case closure(parameters: [String], body: Expression)
    /// `try expression`.
    case `try`(Expression)
    /// `await expression`.
    case await(Expression)
}

/// A literal value.
public enum Literal: Equatable, Sendable {
    case string(String)
    /// A multi-line string literal (`"""`), one element per line of its text.
    case lines([String])
    case integer(Int64)
    case boolean(Bool)
    case `nil`
}

/// An argument of a call.
public struct Argument: Equatable, Sendable {
    public var label: String?
    public var value: Expression

    public init(label: String? = nil, _ value: Expression) {
        self.label = label
        self.value = value
    }
}

public struct DictionaryElement: Equatable, Sendable {
    public var key: Expression
    public var value: Expression

    public init(key: Expression, value: Expression) {
        self.key = key
        self.value = value
    }
}

/// One case of a switch: patterns (empty for `default`) and the value or statements.
public struct SwitchCase: Equatable, Sendable {
    public enum Pattern: Equatable, Sendable {
        /// `.name`, a literal, or any other expression pattern.
        case expression(Expression)
        /// `.name(let a, let b)`.
        case enumCase(String, bindings: [String])
        /// `let name?`: a present optional, bound to `name`.
        case optionalBinding(String)
    }

    public var patterns: [Pattern]
    public var body: [Statement]

    public init(patterns: [Pattern], body: [Statement]) {
        self.patterns = patterns
        self.body = body
    }

    public static func `default`(_ body: [Statement]) -> SwitchCase { SwitchCase(patterns: [], body: body) }
}

/// A statement in a body.
public indirect enum Statement: Equatable, Sendable {
    case expression(Expression)
    case `return`(Expression?)
    /// `target = value`.
    case assignment(Expression, Expression)
    /// `switch subject { … }`.
    case `switch`(Expression, [SwitchCase])
    /// `for name in sequence { … }`.
    case forIn(String, Expression, [Statement])
}
