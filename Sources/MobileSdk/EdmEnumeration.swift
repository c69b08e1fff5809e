/// A generated enum for a CSDL enumeration type, with member names as raw values:
/// `enum PersonGender: String, EdmEnumeration { case male = "Male" }`.
public protocol EdmEnumeration: AttributeValueConvertible, RawRepresentable, Hashable where RawValue == String {
    /// The enumeration type's qualified name, e.g. `Sample.TripPin.PersonGender`, for OData 4.0 literals.
    static var edmTypeName: String? { get }
}

extension EdmEnumeration {
    /// No qualified name: literals are written as `'Member'` (OData 4.01).
    public static var edmTypeName: String? { nil }

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
