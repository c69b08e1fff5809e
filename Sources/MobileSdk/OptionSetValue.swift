/// The value of a Dynamics picklist, state or status attribute.
public struct OptionSetValue: Hashable, Sendable {
    /// The option's integer value as the metadata defines it, e.g. `0` for an active account's `statecode`, or
    /// `100000000` and up for options added with the default publisher.
    public var value: Int32

    /// Creates the value of the option whose integer value is `value`.
    public init(_ value: Int32) { self.value = value }

    /// The value of a generated option-set enum's case.
    public init(_ option: some OptionSetEnumeration) { self.init(option.rawValue) }
}

extension OptionSetValue: ExpressibleByIntegerLiteral {
    /// An option by its integer value: `status: 3`.
    public init(integerLiteral value: Int32) { self.init(value) }
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

    /// The value as `.optionSetValue`.
    public var attributeValue: AttributeValue { .optionSetValue(self) }
}
