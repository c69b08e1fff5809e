/// A generated enum for a CSDL enumeration type: a case per member, with the members' CSDL names listed once, in
/// ``members``, from which the runtime gives `rawValue` (the member's name), `init?(rawValue:)` and `allCases`.
///
///     enum PersonGender: EdmEnumeration {
///         case male, female
///         static let members = EdmMembers<Self>("Sample.TripPin.PersonGender", (.male, "Male"), (.female, "Female"))
///     }
///
/// A table rather than a `String` raw type: Swift's synthesized raw-value conformance compiles to a `switch` per enum,
/// which costs large models (Microsoft Graph: 600 enums) a quarter of the compiler's memory.
///
/// `rawValue` and `init?(rawValue:)` read as those of a `String`-backed enum, but the protocol does not refine
/// `RawRepresentable`: the standard library would then hash and compare the cases through `rawValue`, which looks
/// them up in ``members`` by hashing them.
public protocol EdmEnumeration: AttributeValueConvertible, CaseIterable, Hashable, Sendable where AllCases == [Self] {
    /// Each member with its CSDL name, and the enumeration type's qualified name.
    static var members: EdmMembers<Self> { get }
}

extension EdmEnumeration {
    /// The enumeration type's qualified name, e.g. `Sample.TripPin.PersonGender`, for OData 4.0 literals; nil writes
    /// literals as `'Member'` (OData 4.01).
    public static var edmTypeName: String? { members.typeName }

    /// The member with this CSDL name.
    public init?(rawValue: String) {
        guard let member = Self.members.member(named: rawValue) else { return nil }
        self = member
    }

    /// The member's CSDL name.
    public var rawValue: String { Self.members.name(of: self) }

    /// Every member, in the metadata's order.
    public static var allCases: [Self] { members.cases }

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

/// The members of a CSDL enumeration: each case with its CSDL name, written once in generated code.
public struct EdmMembers<Member: Hashable & Sendable>: Sendable {
    /// The enumeration type's qualified name.
    public let typeName: String?
    /// The cases in the metadata's order.
    public let cases: [Member]
    private let names: [Member: String]
    private let byName: [String: Member]

    /// The members of the enumeration type `typeName` as `(case, name)`.
    public init(_ typeName: String?, _ members: (Member, String)...) {
        self.typeName = typeName
        cases = members.map(\.0)
        names = Dictionary(members, uniquingKeysWith: { first, _ in first })
        byName = Dictionary(members.map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The case with this CSDL name.
    public func member(named name: String) -> Member? { byName[name] }

    /// The CSDL name of a case (every case is listed).
    public func name(of member: Member) -> String { names[member] ?? "" }
}
