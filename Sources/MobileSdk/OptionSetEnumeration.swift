/// A generated enum for a Dynamics option set: a case per option, and `case unknown(Int32)` keeping values the
/// metadata did not list, so that a value added on the server after generation survives a read and a write.
///
/// Generated enums list each option once, in ``options``; value, label and the `CaseIterable` cases come from there:
///
///     enum Priority: OptionSetEnumeration {
///         case low, high
///         case unknown(Int32)
///         static let options = OptionTable<Self>((.low, 1, "Low"), (.high, 2, "High"))
///     }
public protocol OptionSetEnumeration: AttributeValueConvertible, CaseIterable, Hashable, Sendable
where AllCases == [Self] {
    /// Each option with its value and label, in the metadata's order.
    static var options: OptionTable<Self> { get }
    /// A value the metadata did not list (a case with this payload).
    static func unknown(_ value: Int32) -> Self
}

extension OptionSetEnumeration {
    /// The option with this value, or `.unknown(rawValue)`; never fails.
    public init(rawValue: Int32) { self = Self.options.option(withValue: rawValue) ?? .unknown(rawValue) }

    /// The option's value.
    public var rawValue: Int32 {
        if let value = Self.options.value(of: self) { return value }
        // Not a listed option, so `.unknown(value)`: the one case with a payload.
        return Mirror(reflecting: self).children.first?.value as? Int32 ?? 0
    }

    /// The option's label in the language the metadata was read in; nil for values the metadata did not list.
    public var label: String? { Self.options.label(of: self) }

    /// The options the metadata lists, for pickers; values it did not list are not among them.
    public static var allCases: [Self] { options.cases }

    /// Reads `.optionSetValue`, and `.int32` as the option's value.
    public init?(attributeValue: AttributeValue) {
        guard let option = OptionSetValue(attributeValue: attributeValue) else { return nil }
        self.init(rawValue: option.value)
    }

    /// The value as `.optionSetValue`.
    public var attributeValue: AttributeValue { .optionSetValue(OptionSetValue(rawValue)) }
}

/// The options of an option set enum: each case with its value and label, written once in generated code.
public struct OptionTable<Option: Hashable & Sendable>: Sendable {
    /// The cases in the metadata's order.
    public let cases: [Option]
    private let values: [Int32]
    private let labels: [String?]
    private let indexByOption: [Option: Int]
    private let indexByValue: [Int32: Int]

    /// The options as `(case, value, label)`; the first of two options with one value wins when reading.
    public init(_ options: (Option, Int32, String?)...) {
        cases = options.map(\.0)
        values = options.map(\.1)
        labels = options.map(\.2)
        indexByOption = Dictionary(options.enumerated().map { ($1.0, $0) }, uniquingKeysWith: { first, _ in first })
        indexByValue = Dictionary(options.enumerated().map { ($1.1, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The listed option with this value.
    public func option(withValue value: Int32) -> Option? { indexByValue[value].map { cases[$0] } }

    /// The value of a listed option.
    public func value(of option: Option) -> Int32? { indexByOption[option].map { values[$0] } }

    /// The label of a listed option.
    public func label(of option: Option) -> String? { indexByOption[option].flatMap { labels[$0] } }
}
