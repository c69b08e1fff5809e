import Foundation

/// An entity's state as a value: `Codable` for state restoration and caches, `Sendable` to hand to another task.
/// Take one with ``Entity/snapshot()`` and make an entity of it again with ``Entity/init(snapshot:)``.
///
/// A snapshot holds the logical name, qualified type name, record id, attributes, formatted values, ETag and which
/// attributes changed. Related entities (``Entity/relatedEntities``) are not part of it: snapshot them one by one.
public struct EntitySnapshot: Codable, Hashable, Sendable {
    /// The entity's logical name, e.g. `"account"`.
    public let logicalName: String
    /// The OData qualified type name of the entity's generated class, e.g. `"Microsoft.Dynamics.CRM.account"`; nil
    /// for a plain `Entity`.
    public let qualifiedName: String?
    /// The entity's ``Entity/recordId``.
    public let recordId: UUID?
    /// The attribute values by logical name.
    public let attributes: [String: AttributeValue]
    /// Display texts of attribute values by logical name.
    public let formattedValues: [String: String]
    /// The version the service gave the record.
    public let eTag: String?
    /// Names of the attributes changed since the entity was loaded, sorted.
    public let changedAttributeNames: [String]
}
