/// A generated enum for a CSDL enumeration type: a case per member, and the members' CSDL names listed once, in the
/// order of the cases, in ``memberNames``; the runtime pairs them with the synthesized `allCases` to give `rawValue`
/// (the member's name) and `init?(rawValue:)`.
///
///     enum PersonGender: EdmEnumeration {
///         case male, female
///         static var edmTypeName: String? { "Sample.TripPin.PersonGender" }
///         static var memberNames: [String] { ["Male", "Female"] }
///     }
///
/// A list of names rather than a `String` raw type: Swift's synthesized raw-value conformance compiles to a `switch`
/// per enum, which costs large models (Microsoft Graph: 600 enums, one of 827 members) much of the compiler's memory.
///
/// `rawValue` and `init?(rawValue:)` read as those of a `String`-backed enum, but the protocol does not refine
/// `RawRepresentable`: the standard library would then hash and compare the cases through `rawValue`, which looks
/// them up by hashing them.
public protocol EdmEnumeration: AttributeValueConvertible, CaseIterable, Hashable, Sendable where AllCases == [Self] {
    /// The enumeration type's qualified name, e.g. `Sample.TripPin.PersonGender`, for OData 4.0 literals; nil writes
    /// literals as `'Member'` (OData 4.01).
    static var edmTypeName: String? { get }
    /// Each member's CSDL name, in the order of `allCases`.
    static var memberNames: [String] { get }
}

extension EdmEnumeration {
    /// No qualified name: literals are written as `'Member'` (OData 4.01). Generated enums return their type's name.
    public static var edmTypeName: String? { nil }

    /// The member with this CSDL name.
    public init?(rawValue: String) {
        guard let index = EdmMemberTable.of(Self.self).indexByName[rawValue] else { return nil }
        self = Self.allCases[index]
    }

    /// The member's CSDL name.
    public var rawValue: String { EdmMemberTable.of(Self.self).names[AnyHashable(self)] ?? "" }

    /// Reads `.enumMember`, and `.string` holding a member name.
    public init?(attributeValue: AttributeValue) {
        switch attributeValue {
        case .enumMember(let name), .string(let name): self.init(rawValue: name)
        default: return nil
        }
    }

    /// The value as `.enumMember`.
    public var attributeValue: AttributeValue { .enumMember(rawValue) }
}

/// The members of an enumeration type by case and by name, built once per type from `allCases` and `memberNames`.
/// Immutable once built, and its keys are cases of `Sendable` enums: safe to share although `AnyHashable` is not
/// `Sendable`.
final class EdmMemberTable: @unchecked Sendable {
    let names: [AnyHashable: String]
    let indexByName: [String: Int]

    private init<T: EdmEnumeration>(_ type: T.Type) {
        let cases = T.allCases
        let memberNames = T.memberNames
        var names: [AnyHashable: String] = [:]
        var indexByName: [String: Int] = [:]
        for index in 0..<min(cases.count, memberNames.count) {
            names[AnyHashable(cases[index])] = memberNames[index]
            if indexByName[memberNames[index]] == nil { indexByName[memberNames[index]] = index }
        }
        self.names = names
        self.indexByName = indexByName
    }

    static func of<T: EdmEnumeration>(_ type: T.Type) -> EdmMemberTable {
        cache.value(for: type) { EdmMemberTable(type) }
    }

    private static let cache = TypeCache<EdmMemberTable>()
}
