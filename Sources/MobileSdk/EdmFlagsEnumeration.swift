import Foundation

/// A generated option set for a CSDL enumeration type with `IsFlags="true"`, stored as `.enumMember("A,B")`.
///
/// It refines `Sendable` so that the generated `public static let` members compile in the Swift 6 language mode
/// (a public struct is not implicitly `Sendable`).
public protocol EdmFlagsEnumeration: OptionSet, AttributeValueConvertible, Hashable, Sendable where RawValue == Int64 {
    /// Every member's CSDL name and value, in declaration order.
    static var memberNames: [(name: String, value: Int64)] { get }
    /// The enumeration type's qualified name, e.g. `Sample.TripPin.Feature`, for OData 4.0 literals.
    static var edmTypeName: String? { get }
}

extension EdmFlagsEnumeration {
    /// No qualified name: literals are written as `'Member'` (OData 4.01).
    public static var edmTypeName: String? { nil }

    /// Reads `.enumMember` or `.string` holding comma-separated member names or numbers, such as `"Wifi,PowerOutlet"`
    /// or `"3"`; nil when a part is neither.
    public init?(attributeValue: AttributeValue) {
        switch attributeValue {
        case .enumMember(let text), .string(let text):
            guard let value = Self.value(of: text) else { return nil }
            self.init(rawValue: value)
        default: return nil
        }
    }

    /// The value as `.enumMember`: the names of the members it contains, in declaration order; bits no member
    /// names are appended as a number, and an empty value is the zero member's name or `"0"`.
    public var attributeValue: AttributeValue {
        var names: [String] = []
        var covered: Int64 = 0
        for member in Self.memberNames
        where member.value != 0 && rawValue & member.value == member.value && member.value & ~covered != 0 {
            names.append(member.name)
            covered |= member.value
        }
        if rawValue & ~covered != 0 { names.append(String(rawValue & ~covered)) }
        if names.isEmpty { names.append(Self.memberNames.first { $0.value == 0 }?.name ?? "0") }
        return .enumMember(names.joined(separator: ","))
    }

    /// The value of comma-separated member names or integers.
    private static func value(of text: String) -> Int64? {
        var value: Int64 = 0
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let part = part.trimmingCharacters(in: .whitespaces)
            guard let member = memberNames.first(where: { $0.name == part })?.value ?? Int64(part) else { return nil }
            value |= member
        }
        return value
    }
}
