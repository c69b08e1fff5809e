/// A generated enum for a CSDL enumeration type, with member names as raw values:
/// `enum PersonGender: String, EdmEnumeration { case male = "Male" }`.
public protocol EdmEnumeration: AttributeValueConvertible, RawRepresentable, Hashable where RawValue == String {}

extension EdmEnumeration {
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
