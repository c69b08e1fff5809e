// Each integer type reads its own case and every narrower integer case, so widening never loses a value.

extension UInt8: AttributeValueConvertible {
    /// Reads `.byte`.
    public init?(attributeValue: AttributeValue) {
        guard case .byte(let value) = attributeValue else { return nil }
        self = value
    }

    /// The value as `.byte` (`Edm.Byte`).
    public var attributeValue: AttributeValue { .byte(self) }
}

extension Int8: AttributeValueConvertible {
    /// Reads `.sbyte`.
    public init?(attributeValue: AttributeValue) {
        guard case .sbyte(let value) = attributeValue else { return nil }
        self = value
    }

    /// The value as `.sbyte` (`Edm.SByte`).
    public var attributeValue: AttributeValue { .sbyte(self) }
}

extension Int16: AttributeValueConvertible {
    /// Reads `.int16`, `.byte` and `.sbyte`.
    public init?(attributeValue: AttributeValue) {
        switch attributeValue {
        case .int16(let value): self = value
        case .byte(let value): self = Int16(value)
        case .sbyte(let value): self = Int16(value)
        default: return nil
        }
    }

    /// The value as `.int16` (`Edm.Int16`).
    public var attributeValue: AttributeValue { .int16(self) }
}

extension Int32: AttributeValueConvertible {
    /// Reads `.int32` and the narrower integer cases.
    public init?(attributeValue: AttributeValue) {
        switch attributeValue {
        case .int32(let value): self = value
        case .int16(let value): self = Int32(value)
        case .byte(let value): self = Int32(value)
        case .sbyte(let value): self = Int32(value)
        default: return nil
        }
    }

    /// The value as `.int32` (`Edm.Int32`).
    public var attributeValue: AttributeValue { .int32(self) }
}

extension Int64: AttributeValueConvertible {
    /// Reads `.int64` and the narrower integer cases.
    public init?(attributeValue: AttributeValue) {
        switch attributeValue {
        case .int64(let value): self = value
        case .int32(let value): self = Int64(value)
        case .int16(let value): self = Int64(value)
        case .byte(let value): self = Int64(value)
        case .sbyte(let value): self = Int64(value)
        default: return nil
        }
    }

    /// The value as `.int64` (`Edm.Int64`).
    public var attributeValue: AttributeValue { .int64(self) }
}
