import Foundation

/// A reference to another entity record: the value of a lookup attribute.
public struct EntityReference: Hashable, Sendable {
    /// The logical name of the referenced entity, e.g. `"account"`.
    public var logicalName: String
    /// The referenced record's GUID: its primary key, such as an account's `accountid`.
    public var id: UUID
    /// The primary name of the referenced record, when the service returned it.
    public var name: String?

    /// Creates a reference to the record `id` of the entity `logicalName`, with its primary `name` when known.
    public init(logicalName: String, id: UUID, name: String? = nil) {
        self.logicalName = logicalName
        self.id = id
        self.name = name
    }

    /// Creates a reference to the record `id` of a generated entity class, such as
    /// `EntityReference(Contact.self, id: contactID)` for a task's `regardingObjectId`.
    public init(_ type: Entity.Type, id: UUID, name: String? = nil) {
        self.init(logicalName: type.entityLogicalName, id: id, name: name)
    }
}

extension EntityReference: CustomStringConvertible {
    /// `EntityReference(account, <id>)`, with the name quoted after the id when known.
    public var description: String {
        let name = name.map { ", " + String(reflecting: $0) } ?? ""
        return "EntityReference(\(logicalName), \(id.uuidString.lowercased())\(name))"
    }
}

extension EntityReference: AttributeValueConvertible {
    /// Reads `.entityReference`.
    public init?(attributeValue: AttributeValue) {
        guard case .entityReference(let value) = attributeValue else { return nil }
        self = value
    }

    /// The value as `.entityReference` (a Dynamics lookup).
    public var attributeValue: AttributeValue { .entityReference(self) }
}
