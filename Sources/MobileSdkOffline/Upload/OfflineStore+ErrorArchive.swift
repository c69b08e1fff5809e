import Foundation
import GRDB
import MobileSdk
import MobileSdkClient

extension OfflineStore {
    private static let errors = "\"\(StoreDatabase.Tables.errors)\""
    private static let requestColumns =
        "method, table_name, entity_key, key_values, entity_set, body, etag, category, request_id"

    /// The changes the service refused, oldest first, until the app resolves them.
    public func errorArchive() throws -> [ArchivedError] { try reading { db in try Self.archivedErrors(db) } }

    /// Settles an archived error: sends the change again (over the service's version, for a conflict), takes the
    /// service's version of the record, or drops the change.
    nonisolated(nonsending) public func resolve(_ error: ArchivedError, by resolution: ErrorResolution) async throws {
        let request = error.request
        guard let table = schema.table(named: request.tableName) else {
            throw OfflineStoreError.corruptStore("an archived error names the table \(request.tableName)")
        }
        switch resolution {
        case .retry:
            try await writing { db in
                try db.execute(
                    sql: "INSERT INTO \"\(StoreDatabase.Tables.requests)\" (id, \(Self.requestColumns), in_flight)"
                        + " SELECT request, \(Self.requestColumns), 0 FROM \(Self.errors) WHERE id = ?",
                    arguments: [error.id]
                )
                // The service's answer to the request is known: sent again, it is a new request to its
                // repeatability (which would answer the old id with the refusal it kept), over its version for a
                // conflict.
                try db.execute(
                    sql: "UPDATE \"\(StoreDatabase.Tables.requests)\" SET request_id = ?, first_sent = NULL"
                        + (error.isConflict ? ", etag = NULL" : "") + " WHERE id = ?",
                    arguments: [RequestQueue.newRequestID(), request.id]
                )
                try Self.removeArchived(error.id, table: table, key: request.entityKey, db)
            }
        case .discard:
            try await writing { db in
                try Self.removeArchived(error.id, table: table, key: request.entityKey, db)
                let waiting = try RequestQueue.requests(table: table, key: request.entityKey, db)
                if request.method == .create {
                    for waiting in waiting { try RequestQueue.remove(waiting.id, db) }
                    try Self.removeRecord(table: table, key: request.entityKey, db)
                } else if waiting.isEmpty {
                    if request.method == .delete {
                        try Originals.restore(table: table, key: request.entityKey, registry: self.registry, db)
                    }
                    try db.execute(
                        sql: "UPDATE \(table.name.quotedDatabaseIdentifier) SET \"$pending\" = 0 WHERE \"$key\" = ?",
                        arguments: [request.entityKey]
                    )
                    try Originals.forget(table: table.name, key: request.entityKey, db)
                }
            }
        case .takeServerVersion:
            guard let service else { throw OfflineStoreError.noClient }
            try await writing { db in try Self.removeArchived(error.id, table: table, key: request.entityKey, db) }
            try await takeServerVersion(of: request, table: table, service: service)
        }
    }

    /// Moves a refused request from the queue to the archive and marks its record.
    nonisolated(nonsending) func archive(_ request: PendingRequest, table: EntityTable, error: ODataServiceError)
        async throws
    {
        try await writing { db in
            try db.execute(
                sql: "INSERT INTO \(Self.errors) (request, \(Self.requestColumns), status, code, message)"
                    + " SELECT id, \(Self.requestColumns), ?, ?, ? FROM \"\(StoreDatabase.Tables.requests)\""
                    + " WHERE id = ?",
                arguments: [error.statusCode, error.code.isEmpty ? nil : error.code, error.message, request.id]
            )
            try RequestQueue.remove(request.id, db)
            try db.execute(
                sql: "UPDATE \(table.name.quotedDatabaseIdentifier) SET \"$error\" = 1 WHERE \"$key\" = ?",
                arguments: [request.entityKey]
            )
        }
    }

    /// Drops the record's waiting changes and stores the service's version of it (removing it when the service
    /// has none).
    nonisolated(nonsending) func takeServerVersion(
        of request: PendingRequest,
        table: EntityTable,
        service: any SyncService
    ) async throws {
        let server = try await serverVersion(of: request, table: table, service: service)
        var statements = UpsertStatements()
        let row = try server.map { entity in
            try EntityRows.downloadedRow(entity, key: request.entityKey, in: table, statements: &statements)
        }
        let texts = statements.texts
        try await writing { db in
            for waiting in try RequestQueue.requests(table: table, key: request.entityKey, db) where !waiting.isInFlight
            { try RequestQueue.remove(waiting.id, db) }
            try db.execute(
                sql: "DELETE FROM \(Self.errors) WHERE table_name = ? AND entity_key = ?",
                arguments: [table.name, request.entityKey]
            )
            try Self.removeRecord(table: table, key: request.entityKey, db)
            try Originals.forget(table: table.name, key: request.entityKey, db)
            if let row {
                try db.execute(sql: texts[row.statement], arguments: StatementArguments(row.arguments))
            } else {
                _ = try Orphans.removeContained(in: table, parents: [request.entityKey], schema: self.schema, db)
            }
        }
    }

    static func archivedErrors(_ db: Database) throws -> [ArchivedError] {
        let rows = try Row.fetchAll(
            db,
            sql: "SELECT id AS archive_id, request AS id, \(requestColumns), 0 AS in_flight, NULL AS first_sent,"
                + " status, code, message FROM \(errors) ORDER BY id"
        )
        return try rows.map { row in
            ArchivedError(
                id: row["archive_id"],
                request: try RequestQueue.request(from: row),
                statusCode: row["status"],
                code: row["code"],
                message: row["message"]
            )
        }
    }

    /// Removes an archive entry; the record leaves the error state when no other entry names it.
    private static func removeArchived(_ id: Int64, table: EntityTable, key: String, _ db: Database) throws {
        try db.execute(sql: "DELETE FROM \(errors) WHERE id = ?", arguments: [id])
        try db.execute(
            sql: "UPDATE \(table.name.quotedDatabaseIdentifier) SET \"$error\" = 0 WHERE \"$key\" = ? AND NOT EXISTS"
                + " (SELECT 1 FROM \(errors) WHERE table_name = ? AND entity_key = ?)",
            arguments: [key, table.name, key]
        )
    }
}
