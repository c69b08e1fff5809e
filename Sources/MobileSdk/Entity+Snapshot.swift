/// Entities to and from ``EntitySnapshot`` values.
extension Entity {
    /// The entity's state as a value to encode or hand to another task; related entities are left out.
    public func snapshot() -> EntitySnapshot {
        EntitySnapshot(
            logicalName: logicalName,
            qualifiedName: Self.entityQualifiedName,
            recordId: recordId,
            attributes: attributes,
            formattedValues: formattedValues,
            eTag: eTag,
            changedAttributeNames: changedAttributeNames
        )
    }

    /// An entity with a snapshot's state, e.g. `let account = try Account(snapshot: snapshot)`: the attributes the
    /// snapshot names as changed count as changed, the others as loaded. Related entities are not restored.
    ///
    /// Throws ``EntityConversionError/logicalNameMismatch(expected:actual:)`` when the class stands for another
    /// entity. A plain `Entity` takes any snapshot; ``EntityRegistry/earlyBound(_:)`` then gives the generated
    /// class.
    public convenience init(snapshot: EntitySnapshot) throws {
        self.init()
        let expected = Self.entityLogicalName
        guard expected.isEmpty || expected == snapshot.logicalName else {
            throw EntityConversionError.logicalNameMismatch(expected: expected, actual: snapshot.logicalName)
        }
        logicalName = snapshot.logicalName
        // The id given at initialization; in a class with a primary id attribute, also that attribute (replaced below).
        recordId = snapshot.recordId
        load(snapshot.attributes)
        for name in snapshot.changedAttributeNames { self[name] = snapshot.attributes[name] }
        formattedValues = snapshot.formattedValues
        eTag = snapshot.eTag
    }
}
