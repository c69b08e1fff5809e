extension Bool: AttributeValueConvertible {
    /// Reads `.boolean`.
    public init?(attributeValue: AttributeValue) {
        guard case .boolean(let value) = attributeValue else { return nil }
        self = value
    }

    /// The value as `.boolean` (`Edm.Boolean`).
    public var attributeValue: AttributeValue { .boolean(self) }
}
