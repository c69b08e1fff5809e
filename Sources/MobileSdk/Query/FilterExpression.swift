import Foundation

/// A `$filter` expression, rendered for an OData version when the query is sent.
public struct FilterExpression<Root>: Sendable {
    let node: FilterNode

    init(_ node: FilterNode) { self.node = node }

    /// Both must hold.
    public static func && (lhs: FilterExpression, rhs: FilterExpression) -> FilterExpression {
        FilterExpression(.and(lhs.node, rhs.node))
    }

    /// Either holds.
    public static func || (lhs: FilterExpression, rhs: FilterExpression) -> FilterExpression {
        FilterExpression(.or(lhs.node, rhs.node))
    }

    /// The opposite.
    public static prefix func ! (operand: FilterExpression) -> FilterExpression { FilterExpression(.not(operand.node)) }

    /// The expression in the URL syntax of `version`, before percent-encoding.
    public func text(_ version: ODataVersion) throws -> String { try node.render(version) }

    /// Records created on the device and not uploaded yet. Only an offline store evaluates it: a query sent to a
    /// service with it fails before it is sent.
    public static var isLocal: FilterExpression { FilterExpression(.recordState(.isLocal)) }

    /// Records with local changes waiting to be uploaded (an offline store's filter, like ``isLocal``).
    public static var hasPendingChanges: FilterExpression { FilterExpression(.recordState(.hasPendingChanges)) }

    /// Records whose upload failed, with the failure in the error archive (an offline store's filter, like
    /// ``isLocal``).
    public static var inErrorState: FilterExpression { FilterExpression(.recordState(.inErrorState)) }

    /// A condition written as `$filter` text, for what typed conditions do not express; it combines with them:
    /// `$0.revenue > 1_000_000 && .raw("Microsoft.Dynamics.CRM.EqualUserId(PropertyName='ownerid')")`. It is sent
    /// as it is, in parentheses; an offline store cannot evaluate it.
    public static func raw(_ condition: String) -> FilterExpression { FilterExpression(.raw(condition)) }
}

/// The untyped tree of a filter: what ``FilterExpression`` holds, and what an evaluator other than a service (the
/// offline store) reads through ``QueryTree/filter``.
public indirect enum FilterNode: Sendable {
    /// `path op value`; `enumType` is the qualified name of an enumeration value's type, which OData 4.0 literals
    /// carry. A `.null` value with `eq` or `ne` tests for null.
    case compare(path: PropertyPath, operator: ComparisonOperator, value: AttributeValue, enumType: String?)
    /// A string function of a string property and a literal.
    case stringFunction(StringFunction, path: PropertyPath, value: String)
    /// The property equals one of the values.
    case isIn(path: PropertyPath, values: [AttributeValue], enumType: String?)
    case and(FilterNode, FilterNode)
    case or(FilterNode, FilterNode)
    case not(FilterNode)
    /// `path/any(variable:body)` or `path/all(variable:body)`; paths in `body` start with `variable`.
    case lambda(path: PropertyPath, all: Bool, variable: String, body: FilterNode)
    /// The state of the record on the device, which only an offline store knows.
    case recordState(RecordState)
    /// A condition written as `$filter` text, sent as it is.
    case raw(String)
    /// A Dataverse query function of a property: `Microsoft.Dynamics.CRM.<name>(PropertyName='<attribute>'`, then its
    /// `PropertyValue` or `PropertyValues` when it takes them.
    case dataverseFunction(name: String, path: PropertyPath, arguments: FunctionArguments)

    /// What a Dataverse query function takes besides the attribute.
    public enum FunctionArguments: Sendable {
        case none
        /// `PropertyValue`: a number as it is, anything else as a string.
        case value(AttributeValue)
        /// `PropertyValues`: a collection of strings.
        case values([AttributeValue])
    }

    /// What an offline store knows of a record beside its values.
    public enum RecordState: String, Sendable {
        /// Created on the device and not uploaded yet.
        case isLocal
        /// Changed on the device, with the changes waiting to be uploaded.
        case hasPendingChanges
        /// An upload of its changes failed and waits in the error archive.
        case inErrorState
    }

    /// A comparison of `$filter`.
    public enum ComparisonOperator: String, Sendable { case eq, ne, lt, le, gt, ge }

    /// A string function of `$filter`, by its OData v4 name.
    public enum StringFunction: String, Sendable {
        case contains
        case startsWith = "startswith"
        case endsWith = "endswith"
    }

    func render(_ version: ODataVersion) throws -> String {
        switch self {
        case .compare(let path, let op, let value, let enumType):
            return "\(try path.text(version)) \(op.rawValue) \(try Self.literal(value, enumType: enumType, version))"
        case .stringFunction(let function, let path, let value):
            let path = try path.text(version)
            let literal = ODataLiteral.quoted(value)
            // OData v2 has substringof(needle,haystack) where v4 has contains(haystack,needle).
            if version == .v2, function == .contains { return "substringof(\(literal),\(path))" }
            return "\(function.rawValue)(\(path),\(literal))"
        case .isIn(let path, let values, let enumType):
            // Written as equalities joined by `or`: the `in` operator is OData 4.01 only, and OData 4.0 services
            // such as Dataverse and every v2 service refuse it.
            guard !values.isEmpty else { return "false" }
            let path = try path.text(version)
            return "("
                + (try values.map { "\(path) eq \(try Self.literal($0, enumType: enumType, version))" }
                    .joined(separator: " or ")) + ")"
        case .and(let lhs, let rhs):
            return "\(try lhs.renderOperand(version, in: "and")) and \(try rhs.renderOperand(version, in: "and"))"
        case .or(let lhs, let rhs):
            return "\(try lhs.renderOperand(version, in: "or")) or \(try rhs.renderOperand(version, in: "or"))"
        case .not(let operand): return "not (\(try operand.render(version)))"
        case .lambda(let path, let all, let variable, let body):
            return "\(try path.text(version))/\(all ? "all" : "any")(\(variable):\(try body.render(version)))"
        case .recordState(let state):
            throw ODataEncodingError(
                message: "'\(state.rawValue)' is a filter of the offline store: a service cannot evaluate it"
            )
        case .raw(let text): return "(\(text))"
        case .dataverseFunction(let name, let path, let arguments):
            guard version == .v4 else {
                throw ODataEncodingError(message: "\(name) is a query function of Dataverse's Web API (OData v4)")
            }
            guard path.segments.count == 1, let payload = path.segments[0] else {
                throw ODataEncodingError(message: "\(name) applies to an attribute of the entity queried, not a path")
            }
            // The function names the attribute by its logical name: a lookup's, not its `_…_value` property's.
            let attribute = EntityState.lookupAttributeName(payload) ?? payload
            var text = "Microsoft.Dynamics.CRM.\(name)(PropertyName=\(ODataLiteral.quoted(attribute))"
            switch arguments {
            case .none: break
            case .value(.int32(let number)): text += ",PropertyValue=\(number)"
            case .value(.int64(let number)): text += ",PropertyValue=\(number)"
            case .value(let value): text += ",PropertyValue=" + ODataLiteral.quoted(try Self.functionText(value))
            case .values(let values):
                let texts = try values.map { ODataLiteral.quoted(try Self.functionText($0)) }
                text += ",PropertyValues=[" + texts.joined(separator: ",") + "]"
            }
            return text + ")"
        }
    }

    /// A value as the text a Dataverse query function takes: a string as it is, anything else as its literal's text.
    private static func functionText(_ value: AttributeValue) throws -> String {
        switch value {
        case .string(let text): text
        case .guid(let id): EdmText.format(id)
        default: try ODataLiteral.format(value, version: .v4)
        }
    }

    /// A value's literal; an enumeration member with its type's qualified name in OData v4 (`Ns.Color'Red'`).
    private static func literal(_ value: AttributeValue, enumType: String?, _ version: ODataVersion) throws -> String {
        if version == .v4, let enumType, case .enumMember(let member) = value {
            return enumType + ODataLiteral.quoted(member)
        }
        return try ODataLiteral.format(value, version: version)
    }

    /// Parenthesized unless it binds at least as tightly as the connective it stands in (`and` within `or` needs none).
    private func renderOperand(_ version: ODataVersion, in connective: String) throws -> String {
        switch self {
        case .or where connective == "and": "(\(try render(version)))"
        default: try render(version)
        }
    }
}
