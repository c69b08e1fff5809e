import Foundation

extension String: AttributeValueConvertible {
    /// Reads `.string`.
    public init?(attributeValue: AttributeValue) {
        guard case .string(let value) = attributeValue else { return nil }
        self = value
    }

    /// The value as `.string` (`Edm.String`).
    public var attributeValue: AttributeValue { .string(self) }
}

extension UUID: AttributeValueConvertible {
    /// Reads `.guid`.
    public init?(attributeValue: AttributeValue) {
        guard case .guid(let value) = attributeValue else { return nil }
        self = value
    }

    /// The value as `.guid` (`Edm.Guid`).
    public var attributeValue: AttributeValue { .guid(self) }
}

extension Data: AttributeValueConvertible {
    /// Reads `.binary`.
    public init?(attributeValue: AttributeValue) {
        guard case .binary(let value) = attributeValue else { return nil }
        self = value
    }

    /// The value as `.binary` (`Edm.Binary`, base64 in JSON).
    public var attributeValue: AttributeValue { .binary(self) }
}

extension Date: AttributeValueConvertible {
    /// Reads `.dateTimeOffset`.
    public init?(attributeValue: AttributeValue) {
        guard case .dateTimeOffset(let value) = attributeValue else { return nil }
        self = value
    }

    /// The value as `.dateTimeOffset` (`Edm.DateTimeOffset`, and OData v2's `Edm.DateTime`).
    public var attributeValue: AttributeValue { .dateTimeOffset(self) }
}
