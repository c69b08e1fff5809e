import Foundation
import GRDB
import MobileSdk

extension OfflineStore {
    /// Creates the record in the store and queues its create. A record without a key gets one here where the class
    /// has a single GUID key (Dataverse lets a create set its own); otherwise a local identity that the upload
    /// replaces with the key the service gives.
    public func create(_ entity: Entity, category: String? = nil) throws {
        let type = Swift.type(of: entity)
        let table = try schema.table(for: type)
        let entitySet = try entitySet(for: type)
        var key = try StoreKey.of(entity, in: table)
        if key == nil, let column = Self.singleGUIDKey(of: table) {
            entity[column] = .guid(UUID())
            key = try StoreKey.of(entity, in: table)
        }
        let storeKey: String
        if let key {
            storeKey = key
        } else {
            let id = entity.recordId ?? UUID()
            if entity.recordId == nil { entity.recordId = id }
            storeKey = StoreKey.localPrefix + id.uuidString.lowercased()
        }
        try insertCreated(entity, at: RecordAddress(table: table, key: storeKey, entitySet: entitySet), category)
    }

    /// Stores the attributes of `entity` that changed and queues their update (joined with a waiting create or
    /// update of the same record). Does nothing when nothing changed.
    public func update(_ entity: Entity, category: String? = nil) throws {
        try updateRecord(entity, at: try address(of: entity), category)
    }

    /// Removes the record from the store and queues its delete; a record created here and never uploaded just
    /// goes, with its waiting requests. The records it contains go with it (those with changes of their own stay
    /// until the upload).
    public func delete(_ entity: Entity, category: String? = nil) throws {
        try deleteRecord(entity, at: try address(of: entity), category)
    }

    /// Where a record is kept and where its requests go.
    struct RecordAddress {
        let table: EntityTable
        /// Its key in the store (see ``StoreKey``).
        let key: String
        /// The entity set its requests go to; for a contained record, the path of its parent's collection
        /// (`People('ada')/Trips`).
        let entitySet: String
        /// For a contained record: the record containing it, and the containing navigation property.
        var container: (table: EntityTable, key: String, navigation: String)?
    }

    /// The address of a record that no other record contains.
    func address(of entity: Entity) throws -> RecordAddress {
        let type = Swift.type(of: entity)
        let table = try schema.table(for: type)
        return RecordAddress(
            table: table,
            key: try storeKey(of: entity, in: table),
            entitySet: try entitySet(for: type)
        )
    }

    func insertCreated(_ entity: Entity, at address: RecordAddress, _ category: String?) throws {
        // Every value the entity holds: its attributes, and references stored under a navigation property's name,
        // which the upload sends as `@odata.bind`.
        let attributes = entity.attributes
        let (table, key) = (address.table, address.key)
        try database { db in
            try EntityRows.writeLocal(entity, key: key, isLocal: true, in: table, db)
            try Binds.apply(attributes, of: table, key: key, schema: schema, db)
            try RequestQueue.create(
                record(entity, table: table, key: key, entitySet: address.entitySet),
                attributes: attributes,
                category: category,
                db
            )
            if let container = address.container {
                // Shown at once under its parent, as a download would show it.
                let link = PendingRequest.Link(
                    navigationProperty: container.navigation,
                    targetEntitySet: address.entitySet,
                    targetKey: key,
                    targetTable: table.name,
                    targetKeyValues: [:]
                )
                try LinkChanges.apply(.associate, from: container.table, key: container.key, link, db)
            }
        }
        entity.acceptChanges()
    }

    func updateRecord(_ entity: Entity, at address: RecordAddress, _ category: String?) throws {
        let changed = entity.changedAttributeNames
        guard !changed.isEmpty else { return }
        var attributes: [String: AttributeValue] = [:]
        for name in changed { attributes[name] = entity[name] ?? .null }
        let (table, key) = (address.table, address.key)
        try database { db in
            let eTag = try Self.eTag(of: key, in: table, db)
            try Originals.keep(table: table, key: key, registry: registry, db)
            try EntityRows.writeLocal(entity, key: key, isLocal: false, in: table, db)
            try Binds.apply(attributes, of: table, key: key, schema: schema, db)
            try RequestQueue.update(
                record(entity, table: table, key: key, entitySet: address.entitySet),
                attributes: attributes,
                eTag: eTag ?? entity.eTag,
                category: category,
                db
            )
        }
        entity.acceptChanges()
    }

    func deleteRecord(_ entity: Entity, at address: RecordAddress, _ category: String?) throws {
        let (table, key) = (address.table, address.key)
        try database { db in
            let eTag = try Self.eTag(of: key, in: table, db)
            try Originals.keep(table: table, key: key, registry: registry, db)
            try RequestQueue.delete(
                record(entity, table: table, key: key, entitySet: address.entitySet),
                eTag: eTag ?? entity.eTag,
                category: category,
                db
            )
            try Self.removeRecord(table: table, key: key, db)
            // What it contains goes with it on the service too.
            _ = try Orphans.removeContained(in: table, parents: [key], schema: schema, db)
        }
    }

    /// Links `target` to `entity` through the navigation property `navigationProperty`: at once in the store (a
    /// local query expanding it sees the link; a single-valued one is replaced, with the lookup it sets) and queued
    /// for upload as a `$ref` request. Undoing the record's pending changes takes the link back too.
    public func associate(_ entity: Entity, navigationProperty: String, with target: Entity, category: String? = nil)
        throws
    { try changeLink(.associate, entity, navigationProperty, target, category) }

    /// Removes the link from `entity` to `target` through `navigationProperty`, at once in the store and queued for
    /// upload; a link whose associate was not sent yet just goes, with its associate.
    public func disassociate(_ entity: Entity, navigationProperty: String, from target: Entity, category: String? = nil)
        throws
    { try changeLink(.disassociate, entity, navigationProperty, target, category) }

    /// ``associate(_:navigationProperty:with:category:)`` through the single-valued navigation property a key path
    /// reads: `store.associate(contact, \.parentCustomerIdAccount, with: account)`.
    public func associate<Source: Entity, Target: Entity>(
        _ entity: Source,
        _ navigation: KeyPath<Source, Target?>,
        with target: Target,
        category: String? = nil
    ) throws { try changeLink(.associate, entity, try Self.name(of: navigation), target, category) }

    /// ``associate(_:navigationProperty:with:category:)`` through the collection-valued navigation property a key
    /// path reads: `store.associate(account, \.contactCustomerAccounts, with: contact)`.
    public func associate<Source: Entity, Target: Entity>(
        _ entity: Source,
        _ navigation: KeyPath<Source, [Target]?>,
        with target: Target,
        category: String? = nil
    ) throws { try changeLink(.associate, entity, try Self.name(of: navigation), target, category) }

    /// ``disassociate(_:navigationProperty:from:category:)`` through the single-valued navigation property a key
    /// path reads.
    public func disassociate<Source: Entity, Target: Entity>(
        _ entity: Source,
        _ navigation: KeyPath<Source, Target?>,
        from target: Target,
        category: String? = nil
    ) throws { try changeLink(.disassociate, entity, try Self.name(of: navigation), target, category) }

    /// ``disassociate(_:navigationProperty:from:category:)`` through the collection-valued navigation property a
    /// key path reads.
    public func disassociate<Source: Entity, Target: Entity>(
        _ entity: Source,
        _ navigation: KeyPath<Source, [Target]?>,
        from target: Target,
        category: String? = nil
    ) throws { try changeLink(.disassociate, entity, try Self.name(of: navigation), target, category) }

    private static func name<Source: Entity, Value>(of navigation: KeyPath<Source, Value>) throws -> String {
        guard let name = Source.navigationName(navigation) else {
            throw OfflineStoreError.invalidValue("\(navigation) reads no navigation property of \(Source.self)")
        }
        return name
    }

    private func changeLink(
        _ method: PendingRequest.Method,
        _ entity: Entity,
        _ navigationProperty: String,
        _ target: Entity,
        _ category: String?
    ) throws {
        let type = Swift.type(of: entity)
        let table = try schema.table(for: type)
        guard let navigation = table.navigations[navigationProperty] else {
            throw OfflineStoreError.invalidValue("\(type) has no navigation property '\(navigationProperty)'")
        }
        let targetType = Swift.type(of: target)
        guard StoreSchema.isClass(targetType, derivedFrom: navigation.target) else {
            throw OfflineStoreError.invalidValue(
                "'\(navigationProperty)' of \(type) leads to \(navigation.target), not \(targetType)"
            )
        }
        let targetTable = try schema.table(for: targetType)
        let key = try storeKey(of: entity, in: table)
        let targetKey = try storeKey(of: target, in: targetTable)
        var targetKeyValues: [String: AttributeValue] = [:]
        if !targetKey.hasPrefix(StoreKey.localPrefix) {
            for column in targetTable.keyColumns { targetKeyValues[column.name] = target[column.name] }
        }
        let link = PendingRequest.Link(
            navigationProperty: navigationProperty,
            targetEntitySet: try entitySet(for: targetType),
            targetKey: targetKey,
            targetTable: targetTable.name,
            targetKeyValues: targetKeyValues
        )
        let record = record(entity, table: table, key: key, entitySet: try entitySet(for: type))
        try database { db in
            guard try Self.exists(key, in: table, db), try Self.exists(targetKey, in: targetTable, db) else {
                throw OfflineStoreError.missingKey("a link between records the store does not hold")
            }
            try Originals.keep(table: table, key: key, registry: registry, db)
            try LinkChanges.apply(method, from: table, key: key, link, db)
            try RequestQueue.link(method, record, link, category: category, db)
            let pending = try !RequestQueue.requests(table: table, key: key, db).isEmpty
            try db.execute(
                sql: "UPDATE \(table.name.quotedDatabaseIdentifier) SET \"$pending\" = ? WHERE \"$key\" = ?",
                arguments: [pending ? 1 : 0, key]
            )
            if !pending { try Originals.forget(table: table.name, key: key, db) }
        }
    }

    private static func exists(_ key: String, in table: EntityTable, _ db: Database) throws -> Bool {
        try Bool.fetchOne(
            db,
            sql: "SELECT 1 FROM \(table.name.quotedDatabaseIdentifier) WHERE \"$key\" = ?",
            arguments: [key]
        ) ?? false
    }

    /// Whether any change waits to be uploaded.
    public var hasPendingUpload: Bool { get throws { try reading { db in try !RequestQueue.all(db).isEmpty } } }

    /// The changes waiting to be uploaded, in the order they will be sent.
    public func pendingRequests() throws -> [PendingRequest] { try reading { db in try RequestQueue.all(db) } }

    /// Whether the record has changes waiting to be uploaded.
    public func hasPendingChanges(_ entity: Entity) throws -> Bool {
        let table = try schema.table(for: type(of: entity))
        return try hasPendingChanges(table: table, key: try storeKey(of: entity, in: table))
    }

    func hasPendingChanges(table: EntityTable, key: String) throws -> Bool {
        try reading { db in try !RequestQueue.requests(table: table, key: key, db).isEmpty }
    }

    /// Removes the record's changes that were not sent yet and puts back what was downloaded (a record created
    /// here goes). A request already sent and not answered stays, as the service may have applied it.
    public func undoPendingChanges(for entity: Entity) throws {
        let table = try schema.table(for: type(of: entity))
        try undoPendingChanges(table: table, key: try storeKey(of: entity, in: table))
    }

    func undoPendingChanges(table: EntityTable, key: String) throws {
        try database { db in
            let requests = try RequestQueue.requests(table: table, key: key, db)
            guard !requests.contains(where: \.isInFlight) else {
                throw OfflineStoreError.requestInFlight("a change of \(table.type) \(key) is being uploaded")
            }
            for request in requests { try RequestQueue.remove(request.id, db) }
            // A record created here goes, and what was created in it with it.
            if try !Originals.restore(table: table, key: key, registry: registry, db) {
                try Self.removeCreated(containedIn: table, key: key, schema: schema, db)
            }
        }
    }

    /// Removes the records created in the record `key` of `table`, at any depth, with their waiting requests: a
    /// record created here can hold no other.
    private static func removeCreated(containedIn table: EntityTable, key: String, schema: StoreSchema, _ db: Database)
        throws
    {
        let (lower, upper) = StoreKey.containedRange(of: key)
        for target in Orphans.containedTables(of: table, schema: schema) {
            let keys = try String.fetchAll(
                db,
                sql:
                    "SELECT \"$key\" FROM \(target.name.quotedDatabaseIdentifier) WHERE \"$key\" >= ? AND \"$key\" < ?",
                arguments: [lower, upper]
            )
            for contained in keys {
                try removeCreated(containedIn: target, key: contained, schema: schema, db)
                for request in try RequestQueue.requests(table: target, key: contained, db) {
                    try RequestQueue.remove(request.id, db)
                }
                try Originals.forget(table: target.name, key: contained, db)
                try removeRecord(table: target, key: contained, db)
            }
        }
    }

    /// The key the store keeps `entity` under: its key values, or the local identity of a record created here.
    func storeKey(of entity: Entity, in table: EntityTable) throws -> String {
        if let key = try StoreKey.of(entity, in: table) { return key }
        if let id = entity.recordId { return StoreKey.localPrefix + id.uuidString.lowercased() }
        throw OfflineStoreError.missingKey("the \(type(of: entity)) has no key")
    }

    /// The ETag the record was downloaded with.
    private static func eTag(of key: String, in table: EntityTable, _ db: Database) throws -> String? {
        try String.fetchOne(
            db,
            sql: "SELECT \"$etag\" FROM \(table.name.quotedDatabaseIdentifier) WHERE \"$key\" = ?",
            arguments: [key]
        )
    }

    /// The queue's view of a record.
    private func record(_ entity: Entity, table: EntityTable, key: String, entitySet: String) -> RequestQueue.Record {
        var values: [String: AttributeValue] = [:]
        if !key.hasPrefix(StoreKey.localPrefix) {
            for column in table.keyColumns { values[column.name] = entity[column.name] }
        }
        return RequestQueue.Record(table: table, key: key, keyValues: values, entitySet: entitySet)
    }

    /// Deletes a record's row, its links and its memberships.
    static func removeRecord(table: EntityTable, key: String, _ db: Database) throws {
        try db.execute(sql: "DELETE FROM \(table.name.quotedDatabaseIdentifier) WHERE \"$key\" = ?", arguments: [key])
        try db.execute(
            sql: "DELETE FROM \"\(StoreDatabase.Tables.links)\" WHERE (source_table = ? AND source_key = ?)"
                + " OR (target_table = ? AND target_key = ?)",
            arguments: [table.name, key, table.name, key]
        )
        try db.execute(
            sql: "DELETE FROM \"\(StoreDatabase.Tables.members)\" WHERE table_name = ? AND entity_key = ?",
            arguments: [table.name, key]
        )
    }

    /// The key column of a class whose key is one GUID.
    private static func singleGUIDKey(of table: EntityTable) -> String? {
        guard table.keyColumns.count == 1, case .guid = table.keyColumns[0].property.type else { return nil }
        return table.keyColumns[0].name
    }
}
