extension Bool: AttributeValueConvertible {
    /// Reads `.boolean`.
    public init?(attributeValue: AttributeValue) {
        guard case .boolean(let value) = attributeValue else { return nil }
        self = value
    }

    public var attributeValue: AttributeValue { .boolean(self) }
}
