/// Late-bound to early-bound conversion.
extension Entity {
    /// A new instance of `type` with this entity's id, attributes, formatted values, related entities and
    /// change state. Throws ``EntityConversionError/logicalNameMismatch(expected:actual:)`` when the class has a
    /// logical name and it differs from this entity's.
    public func toEntity<T: Entity>(_ type: T.Type = T.self) throws -> T {
        let expected = type.entityLogicalName
        guard expected.isEmpty || expected == logicalName else {
            throw EntityConversionError.logicalNameMismatch(expected: expected, actual: logicalName)
        }
        let converted = type.init()
        copyState(to: converted)
        return converted
    }
}
