import MetadataModel

/// A record of Dynamics metadata, an element of the organization service's XML or an object of the Web API's JSON:
/// what the two readers map field by field in the same way.
protocol DynamicsRecord {
    var location: SourceLocation { get }
    func string(_ name: String) -> String?
    func integer(_ name: String) -> Int?
    func label(_ name: String) -> Label
}

extension XMLNode: DynamicsRecord {}
extension WebAPIObject: DynamicsRecord {}

extension ReadContext {
    /// A relationship's metadata (one-to-many, many-to-one or many-to-many); nil, with an error, without a schema name.
    func relationship(_ record: some DynamicsRecord, kind: DynamicsRelationship.Kind) -> DynamicsRelationship? {
        guard let schemaName = record.string("SchemaName") else {
            error("relationship metadata has no SchemaName", at: record.location)
            return nil
        }
        var relationship = DynamicsRelationship(kind: kind, schemaName: schemaName, location: record.location)
        relationship.referencedEntity = record.string("ReferencedEntity")
        relationship.referencedAttribute = record.string("ReferencedAttribute")
        relationship.referencingEntity = record.string("ReferencingEntity")
        relationship.referencingAttribute = record.string("ReferencingAttribute")
        relationship.referencedNavigationProperty = record.string("ReferencedEntityNavigationPropertyName")
        relationship.referencingNavigationProperty = record.string("ReferencingEntityNavigationPropertyName")
        relationship.entity1 = record.string("Entity1LogicalName")
        relationship.entity2 = record.string("Entity2LogicalName")
        relationship.intersectEntity = record.string("IntersectEntityName")
        relationship.entity1NavigationProperty = record.string("Entity1NavigationPropertyName")
        relationship.entity2NavigationProperty = record.string("Entity2NavigationPropertyName")
        return relationship
    }

    /// `OptionMetadata`, `StatusOptionMetadata` (with `State`) or `StateOptionMetadata` (with `DefaultStatus`); nil,
    /// with an error, without an integer value.
    func option(_ record: some DynamicsRecord) -> DynamicsOption? {
        guard let value = record.integer("Value") else {
            error("option has no integer Value", at: record.location)
            return nil
        }
        var option = DynamicsOption(value: value, location: record.location)
        option.label = record.label("Label")
        option.description = record.label("Description")
        option.color = record.string("Color")
        option.externalValue = record.string("ExternalValue")
        option.state = record.integer("State")
        option.defaultStatus = record.integer("DefaultStatus")
        option.invariantName = record.string("InvariantName")
        return option
    }
}
