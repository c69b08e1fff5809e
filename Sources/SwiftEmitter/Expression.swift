/// An expression in generated code.
public indirect enum Expression: Equatable, Sendable {
    /// A literal: `"text"`, `42`, `true`, `nil` or a multi-line string.
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
    /// `"text"`, with quotes, backslashes and control characters escaped.
    case string(String)
    /// A multi-line string literal (`"""`), one element per line of its text.
    case lines([String])
    /// `42`, in decimal.
    case integer(Int64)
    /// `true` or `false`.
    case boolean(Bool)
    /// `nil`.
    case `nil`
    /// `#function`: the name of the declaration it is written in (a property's, in its accessors).
    case function
}

/// An argument of a call.
public struct Argument: Equatable, Sendable {
    /// The label written before `:`; nil writes the value alone.
    public var label: String?
    /// The expression passed.
    public var value: Expression

    /// Creates an argument: `label: value`, or `value` alone when `label` is nil.
    public init(label: String? = nil, _ value: Expression) {
        self.label = label
        self.value = value
    }
}

/// One `key: value` entry of a dictionary literal.
public struct DictionaryElement: Equatable, Sendable {
    /// The expression before `:`.
    public var key: Expression
    /// The expression after `:`.
    public var value: Expression

    /// Creates an entry from its key and value.
    public init(key: Expression, value: Expression) {
        self.key = key
        self.value = value
    }
}

/// One case of a switch: patterns (empty for `default`) and the value or statements.
public struct SwitchCase: Equatable, Sendable {
    /// A pattern written after `case`.
    public enum Pattern: Equatable, Sendable {
        /// `.name`, a literal, or any other expression pattern.
        case expression(Expression)
        /// `.name(let a, let b)`.
        case enumCase(String, bindings: [String])
        /// `let name?`: a present optional, bound to `name`.
        case optionalBinding(String)
    }

    /// The patterns after `case`, separated by commas; none renders `default`.
    public var patterns: [Pattern]
    /// The statements after the colon; a lone single-line statement shares the label's line.
    public var body: [Statement]

    /// Creates a case from its patterns and statements.
    public init(patterns: [Pattern], body: [Statement]) {
        self.patterns = patterns
        self.body = body
    }

    /// `default:` followed by `body`.
    public static func `default`(_ body: [Statement]) -> SwitchCase { SwitchCase(patterns: [], body: body) }
}

/// A statement in a body.
public indirect enum Statement: Equatable, Sendable {
    /// An expression on its own line; a call too long for one line puts one argument per line.
    case expression(Expression)
    /// `return value`, or `return` alone when the value is nil.
    case `return`(Expression?)
    /// `target = value`.
    case assignment(Expression, Expression)
    /// `switch subject { … }`.
    case `switch`(Expression, [SwitchCase])
    /// `for name in sequence { … }`.
    case forIn(String, Expression, [Statement])
    /// `yield &target`: a `_modify` accessor lending `target` to its caller.
    case yieldInout(Expression)
}
