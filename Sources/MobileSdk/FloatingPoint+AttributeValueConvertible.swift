import Foundation

// Each fractional type reads its own case and every case whose values it represents exactly.

extension Float: AttributeValueConvertible {
    /// Reads `.single`, `.int16`, `.byte` and `.sbyte`.
    public init?(attributeValue: AttributeValue) {
        switch attributeValue {
        case .single(let value): self = value
        case .int16(let value): self = Float(value)
        case .byte(let value): self = Float(value)
        case .sbyte(let value): self = Float(value)
        default: return nil
        }
    }

    /// The value as `.single` (`Edm.Single`).
    public var attributeValue: AttributeValue { .single(self) }
}

extension Double: AttributeValueConvertible {
    /// Reads `.double`, `.single`, `.int32` and the narrower integer cases.
    public init?(attributeValue: AttributeValue) {
        switch attributeValue {
        case .double(let value): self = value
        case .single(let value): self = Double(value)
        case .int32(let value): self = Double(value)
        case .int16(let value): self = Double(value)
        case .byte(let value): self = Double(value)
        case .sbyte(let value): self = Double(value)
        default: return nil
        }
    }

    /// The value as `.double` (`Edm.Double`).
    public var attributeValue: AttributeValue { .double(self) }
}

extension Decimal: AttributeValueConvertible {
    /// Reads `.decimal` and every integer case.
    public init?(attributeValue: AttributeValue) {
        switch attributeValue {
        case .decimal(let value): self = value
        case .int64(let value): self = Decimal(value)
        case .int32(let value): self = Decimal(value)
        case .int16(let value): self = Decimal(value)
        case .byte(let value): self = Decimal(value)
        case .sbyte(let value): self = Decimal(value)
        default: return nil
        }
    }

    /// The value as `.decimal` (`Edm.Decimal`).
    public var attributeValue: AttributeValue { .decimal(self) }
}
