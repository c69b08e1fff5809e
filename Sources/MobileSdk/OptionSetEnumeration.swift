/// A generated enum for a Dynamics option set. Unknown values are kept (generated enums have `case unknown(Int32)`),
/// so a value added on the server after generation survives a read and a write.
public protocol OptionSetEnumeration: AttributeValueConvertible, Hashable {
    /// The option with this value; never fails.
    init(rawValue: Int32)
    /// The option's value.
    var rawValue: Int32 { get }
}

extension OptionSetEnumeration {
    /// Reads `.optionSetValue`, and `.int32` as the option's value.
    public init?(attributeValue: AttributeValue) {
        guard let option = OptionSetValue(attributeValue: attributeValue) else { return nil }
        self.init(rawValue: option.value)
    }

    /// The value as `.optionSetValue`.
    public var attributeValue: AttributeValue { .optionSetValue(OptionSetValue(rawValue)) }
}
