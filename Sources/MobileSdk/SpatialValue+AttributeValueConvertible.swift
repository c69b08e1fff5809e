extension SpatialValue: AttributeValueConvertible {
    /// Reads `.geography` and `.geometry`.
    public init?(attributeValue: AttributeValue) {
        switch attributeValue {
        case .geography(let value), .geometry(let value): self = value
        default: return nil
        }
    }

    /// The value as `.geography`; store `.geometry(value)` directly for geometry properties.
    public var attributeValue: AttributeValue { .geography(self) }
}
