import GRDB
import MobileSdk

/// Puts the waiting changes back over records that a download (or a rebuilt table) wrote afresh: a record deleted
/// here stays deleted, one created or changed here shows its changes, until the upload sends them.
enum PendingReplay {
    /// Replays every waiting change whose record does not show it.
    static func apply(schema: StoreSchema, registry: EntityRegistry, _ db: Database) throws {
        for request in try RequestQueue.all(db) {
            guard let table = schema.table(named: request.tableName) else { continue }
            let quoted = table.name.quotedDatabaseIdentifier
            let pending = try Int.fetchOne(
                db,
                sql: "SELECT \"$pending\" FROM \(quoted) WHERE \"$key\" = ?",
                arguments: [request.entityKey]
            )
            switch request.method {
            case .delete:
                try OfflineStore.removeRecord(table: table, key: request.entityKey, db)
                _ = try Orphans.removeContained(in: table, parents: [request.entityKey], schema: schema, db)
            case .associate, .disassociate:
                guard pending != nil, let link = request.link else { continue }
                try LinkChanges.apply(request.method, from: table, key: request.entityKey, link, db)
            case .create, .update:
                guard pending != 1 else { continue }
                if pending != nil { try Originals.keep(table: table, key: request.entityKey, registry: registry, db) }
                let entity = table.type.init()
                for (name, value) in request.keyValues { entity[name] = value }
                entity.acceptChanges()
                for (name, value) in request.attributes { entity[name] = value }
                try EntityRows.writeLocal(
                    entity,
                    key: request.entityKey,
                    isLocal: request.method == .create,
                    in: table,
                    db
                )
                try Binds.apply(request.attributes, of: table, key: request.entityKey, schema: schema, db)
            }
        }
    }
}
