import Foundation
import GRDB
import MobileSdk

/// Changes of records that another record contains (a navigation property with `ContainsTarget`, as TripPin's
/// `Person/Trips`): they have no entity set, and their keys are unique only within their parent, so each change names
/// the parent and the navigation property. Requests go to the parent's collection: `POST People('ada')/Trips`,
/// `PATCH People('ada')/Trips(1)`.
///
/// ```swift
/// let trip = Trip(creatingWithKey: EntityKey(Int32(7)))
/// trip.name = "Site visit"
/// try store.create(trip, in: person, \.trips)
/// trip.budget = 1200
/// try store.update(trip, in: person, \.trips)
/// ```
extension OfflineStore {
    /// Creates `entity` as a record `parent` contains through `navigation`, in the store at once (a local query
    /// expanding `navigation` shows it) and queued as a `POST` to the parent's collection. The record needs its key:
    /// the store cannot tell records of one parent apart without it.
    public func create<Parent: Entity, Child: Entity>(
        _ entity: Child,
        in parent: Parent,
        _ navigation: KeyPath<Parent, [Child]?>,
        category: String? = nil
    ) throws {
        try insertCreated(entity, at: try address(of: entity, in: parent, navigation, creating: true), category)
    }

    /// Stores the attributes of `entity`, which `parent` contains through `navigation`, that changed and queues
    /// their update. Does nothing when nothing changed.
    public func update<Parent: Entity, Child: Entity>(
        _ entity: Child,
        in parent: Parent,
        _ navigation: KeyPath<Parent, [Child]?>,
        category: String? = nil
    ) throws { try updateRecord(entity, at: try address(of: entity, in: parent, navigation), category) }

    /// Removes `entity`, which `parent` contains through `navigation`, from the store and queues its delete.
    public func delete<Parent: Entity, Child: Entity>(
        _ entity: Child,
        in parent: Parent,
        _ navigation: KeyPath<Parent, [Child]?>,
        category: String? = nil
    ) throws { try deleteRecord(entity, at: try address(of: entity, in: parent, navigation), category) }

    /// Whether the record `parent` contains through `navigation` has changes waiting to be uploaded.
    public func hasPendingChanges<Parent: Entity, Child: Entity>(
        _ entity: Child,
        in parent: Parent,
        _ navigation: KeyPath<Parent, [Child]?>
    ) throws -> Bool {
        let address = try address(of: entity, in: parent, navigation)
        return try hasPendingChanges(table: address.table, key: address.key)
    }

    /// ``undoPendingChanges(for:)`` for a record `parent` contains through `navigation`.
    public func undoPendingChanges<Parent: Entity, Child: Entity>(
        for entity: Child,
        in parent: Parent,
        _ navigation: KeyPath<Parent, [Child]?>
    ) throws {
        let address = try address(of: entity, in: parent, navigation)
        try undoPendingChanges(table: address.table, key: address.key)
    }

    /// The address of `entity` in `parent` (a record no other record contains) through the containing
    /// `navigation`.
    private func address<Parent: Entity, Child: Entity>(
        of entity: Child,
        in parent: Parent,
        _ navigation: KeyPath<Parent, [Child]?>,
        creating: Bool = false
    ) throws -> RecordAddress {
        guard let name = Parent.navigationName(navigation) else {
            throw OfflineStoreError.invalidValue("\(navigation) reads no navigation property of \(Parent.self)")
        }
        let parentTable = try schema.table(for: type(of: parent))
        guard parentTable.navigations[name]?.isContained == true else {
            throw OfflineStoreError.invalidValue(
                "'\(name)' of \(Parent.self) does not contain its targets: change them without naming a parent"
            )
        }
        let parentKey = try storeKey(of: parent, in: parentTable)
        guard StoreKey.localID(parentKey) == nil else {
            throw OfflineStoreError.missingKey(
                "the \(Parent.self) containing the \(type(of: entity)) has no key from the service yet: upload it first"
            )
        }
        let table = try schema.table(for: type(of: entity))
        guard let ownKey = try StoreKey.of(entity, in: table) else {
            throw OfflineStoreError.missingKey(
                "a \(type(of: entity)) \(creating ? "created in" : "of") a \(Parent.self) needs its key"
            )
        }
        return RecordAddress(
            table: table,
            key: StoreKey.contained(in: parentKey, navigation: name, key: ownKey),
            entitySet: try entitySet(for: type(of: parent)) + parentKey + "/" + name,
            container: (parentTable, parentKey, name)
        )
    }
}
