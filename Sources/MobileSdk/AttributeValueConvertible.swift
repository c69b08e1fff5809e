/// A Swift type that can be stored in an ``AttributeValue``.
///
/// Reading is lenient where no information is lost (an `.int32` reads as `Int64` or `Decimal`);
/// writing always produces the one canonical case for the type.
public protocol AttributeValueConvertible {
    /// The value held by `attributeValue`, or nil when it holds `.null` or a value of another kind.
    init?(attributeValue: AttributeValue)
    /// This value as an attribute value.
    var attributeValue: AttributeValue { get }
}
