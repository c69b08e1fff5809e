/// The value of a Dynamics picklist, state or status attribute.
public struct OptionSetValue: Hashable, Sendable {
    public var value: Int32

    public init(_ value: Int32) { self.value = value }
}

extension OptionSetValue: CustomStringConvertible {
    /// `OptionSetValue(3)`.
    public var description: String { "OptionSetValue(\(value))" }
}

extension OptionSetValue: AttributeValueConvertible {
    /// Reads `.optionSetValue`, and `.int32` as the option's value.
    public init?(attributeValue: AttributeValue) {
        switch attributeValue {
        case .optionSetValue(let value): self = value
        case .int32(let value): self.init(value)
        default: return nil
        }
    }

    public var attributeValue: AttributeValue { .optionSetValue(self) }
}
