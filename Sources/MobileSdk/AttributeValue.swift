import Foundation

/// A value stored in an entity attribute or a complex-type property.
///
/// `.null` is an explicit null: sent on update, it clears the stored value. An attribute that is
/// absent from an entity is "not set" and is left alone.
/// Large payloads are boxed (`indirect`) so that the common cases stay small and unboxed: at 17 bytes a value passes
/// in registers, which keeps the conformance code generated for every enum and complex type small.
public enum AttributeValue: Hashable, Sendable {
    case null
    case boolean(Bool)
    case byte(UInt8)
    case sbyte(Int8)
    case int16(Int16)
    case int32(Int32)
    case int64(Int64)
    case single(Float)
    case double(Double)
    indirect case decimal(Decimal)
    case string(String)
    case guid(UUID)
    case binary(Data)
    case dateTimeOffset(Date)
    indirect case date(DateOnly)
    indirect case timeOfDay(TimeOfDay)
    indirect case duration(EdmDuration)
    indirect case entityReference(EntityReference)
    case optionSetValue(OptionSetValue)
    case optionSetValues([OptionSetValue])
    indirect case money(Money)
    /// A participant of a Dynamics activity; a party list (an appointment's `requiredattendees`) is a `.collection` of
    /// them.
    indirect case activityParty(ActivityParty)
    indirect case geography(SpatialValue)
    indirect case geometry(SpatialValue)
    /// A CSDL enumeration value by member name; a flags value lists its members as `"A,B"`.
    case enumMember(String)
    /// An instance of a complex type, by property name.
    case complex([String: AttributeValue])
    case collection([AttributeValue])
    /// A value of an open type or of `Edm.Untyped`.
    case untyped(UntypedValue)
}
