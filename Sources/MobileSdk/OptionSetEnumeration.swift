import Foundation

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
///
/// Metadata with labels in several languages gives each option its label in each:
///
///     static let options = OptionTable<Self>(
///         languages: ["en-US", "de-DE"], (.low, 1, ["Low", "Niedrig"]), (.high, 2, ["High", "Hoch"]))
///
/// ``label`` follows the app's language: `Priority.high.label` is "Hoch" where the app runs in German.
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

    /// The option's label in the app's language (`Locale.current`), else in the metadata's base language; nil for
    /// values the metadata did not list.
    public var label: String? { Self.options.label(of: self, in: .current) }

    /// The option's label in `locale`'s language (SwiftUI's `@Environment(\.locale)`, say), else in the metadata's
    /// base language; nil for values the metadata did not list.
    public func label(in locale: Locale) -> String? { Self.options.label(of: self, in: locale) }

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

/// The options of an option set enum: each case with its value and label, written once in generated code, and the
/// labels in the other languages the metadata carries.
public struct OptionTable<Option: Hashable & Sendable>: Sendable {
    /// The cases in the metadata's order.
    public let cases: [Option]
    private let values: [Int32]
    /// The labels in each language, base language first, each in the order of the cases (nil: the base label).
    private let labels: [[String?]]
    /// The languages of `labels`; nil when the table does not say.
    private let languages: LabelLanguages?
    private let indexByOption: [Option: Int]
    private let indexByValue: [Int32: Int]

    /// The options as `(case, value, label)`, their labels in the language the metadata was read in; the first of two
    /// options with one value wins when reading. Generated code writes the same table as text instead
    /// (`init(text:cases:)`, for generated code only), which compiles much faster.
    public init(_ options: (Option, Int32, String?)...) {
        self.init(languages: nil, options.map { ($0.0, $0.1, [$0.2]) })
    }

    /// The options as `(case, value, labels)`, each option's labels in `languages` (BCP 47 tags such as `"de-DE"`, the
    /// metadata's base language first); nil where an option has no label of its own in a language, which then shows
    /// its base-language label.
    public init(languages: [String], _ options: (Option, Int32, [String?])...) {
        self.init(languages: languages, options)
    }

    init(languages tags: [String]?, _ options: [(Option, Int32, [String?])]) {
        cases = options.map(\.0)
        values = options.map(\.1)
        let count = max(1, tags?.count ?? 1)
        labels = (0..<count).map { language in options.map { $0.2.indices.contains(language) ? $0.2[language] : nil } }
        languages = tags.map(LabelLanguages.init)
        indexByOption = Dictionary(options.enumerated().map { ($1.0, $0) }, uniquingKeysWith: { first, _ in first })
        indexByValue = Dictionary(options.enumerated().map { ($1.1, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The listed option with this value.
    public func option(withValue value: Int32) -> Option? { indexByValue[value].map { cases[$0] } }

    /// The value of a listed option.
    public func value(of option: Option) -> Int32? { indexByOption[option].map { values[$0] } }

    /// The label of a listed option in the metadata's base language.
    public func label(of option: Option) -> String? { indexByOption[option].flatMap { labels[0][$0] } }

    /// The label of a listed option in `locale`'s language, else in the base language.
    public func label(of option: Option, in locale: Locale) -> String? {
        guard let index = indexByOption[option] else { return nil }
        let language = languages?.index(for: locale) ?? 0
        if language > 0, labels[language].indices.contains(index), let text = labels[language][index] { return text }
        return labels[0][index]
    }

    /// The languages the labels are written in, base language first (BCP 47 tags); empty when the table does not
    /// say.
    public var labelLanguages: [String] { languages?.tags ?? [] }
}
