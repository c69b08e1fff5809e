/// A generated struct for a complex type, stored as `.complex` with its properties by name.
///
/// Generated code implements the two requirements over the attribute dictionary, reading and writing
/// each property with the dictionary's `value(_:as:)` and `set(_:for:)` helpers.
public protocol ComplexValue: AttributeValueConvertible, Hashable, Sendable {
    /// The value with these properties; unknown names are kept, missing ones are absent.
    init(attributes: [String: AttributeValue])
    /// The properties by name.
    var attributes: [String: AttributeValue] { get }
    /// How each property is typed and named in payloads.
    static var propertyMetadata: [PropertyMetadata] { get }
}

extension ComplexValue {
    /// No metadata: values are read by their JSON shape.
    public static var propertyMetadata: [PropertyMetadata] { [] }

    /// Reads `.complex`.
    public init?(attributeValue: AttributeValue) {
        guard case .complex(let attributes) = attributeValue else { return nil }
        self.init(attributes: attributes)
    }

    /// The value as `.complex`.
    public var attributeValue: AttributeValue { .complex(attributes) }
}
