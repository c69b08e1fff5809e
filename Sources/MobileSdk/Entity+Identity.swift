import Foundation
import Observation

extension Entity: Observable {}

/// What identifies an entity in a SwiftUI `List` or `ForEach`: its type and key once it has one (its key attributes,
/// or its id), else the object itself. A new record therefore changes identity when the service gives it its key.
public struct EntityIdentity: Hashable, Sendable, CustomStringConvertible {
    enum Storage: Hashable, Sendable {
        case key(logicalName: String, EntityKey)
        case object(ObjectIdentifier)
    }

    let storage: Storage

    /// `account(<guid>)` for a keyed entity, `(new)` for one without a key yet.
    public var description: String {
        switch storage {
        case .key(let logicalName, let key): logicalName + key.description
        case .object: "(new)"
        }
    }
}

/// Entities are `Identifiable` by their key, so that lists of records loaded at different times agree on which row is
/// which; generated classes with an attribute named `id` keep it (theirs is the `id` written in code, this one is the
/// identity that generic code such as `ForEach` uses).
extension Entity: Identifiable {}

extension Identifiable where Self: Entity {
    /// The entity's type and key, or the object itself while it has no key.
    public var id: EntityIdentity {
        if let key = try? EntityKey.of(self) { return EntityIdentity(storage: .key(logicalName: logicalName, key)) }
        return EntityIdentity(storage: .object(ObjectIdentifier(self)))
    }
}

/// Entities are equal only to themselves: two objects loaded for the same record are different objects, each with
/// its own changes (compare their ``Entity/id`` for the same record).
extension Entity: Hashable {
    /// Whether `lhs` and `rhs` are the same object; their attributes are not compared.
    public static func == (lhs: Entity, rhs: Entity) -> Bool { lhs === rhs }

    /// Hashes the object's identity, not its attributes.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension Entity {
    /// A reference to this record, for a lookup attribute of another entity (`task.regardingObjectId =
    /// contact.reference`); nil while the entity has no id. Carries the primary name when the entity holds it.
    public var reference: EntityReference? {
        guard let id = recordId else { return nil }
        let name = Self.primaryNameAttribute.flatMap { name -> String? in
            guard case .string(let text)? = self[name] else { return nil }
            return text
        }
        return EntityReference(logicalName: logicalName, id: id, name: name)
    }
}
