import Foundation
import GRDB
import MobileSdk
import MobileSdkClient
import ServiceAccess

extension OfflineStore {
    /// Sends the waiting changes in the order they were made, with the ETags they were made against (`If-Match`).
    ///
    /// Each request is marked as sent, in its own transaction, before it goes out; one that an earlier upload sent
    /// without seeing the answer (the app stopped) is first made harmless: by the service's repeatability headers, or
    /// by reading the record back (a create the service does not have is made). A change the service
    /// refuses goes to the error archive (conflicts as `conflicts` says), and the record's later changes wait behind
    /// it. A network failure, a failure of the service (5xx) or throttling the service's retry rules did not wait
    /// out (429) ends the upload with its error; what was not sent stays queued.
    ///
    /// `categories` uploads only the changes made with one of these categories. `progress` is told before the first
    /// request and after each, as every ``SyncStatus`` following the store is.
    @discardableResult nonisolated(nonsending) public func upload(
        categories: Set<String>? = nil,
        conflicts: ConflictPolicy = .ask,
        progress: (@Sendable (UploadProgress) -> Void)? = nil
    ) async throws -> UploadReport {
        let activity = activity
        do {
            guard let service else { throw OfflineStoreError.noClient }
            var total = try await writer.read { db in try RequestQueue.count(categories: categories, db) }
            func report(_ handled: Int) {
                // Changes made while the upload runs are sent by it too.
                total = max(total, handled)
                let update = UploadProgress(handledCount: handled, totalCount: total)
                activity.post(.uploading(update))
                progress?(update)
            }
            report(0)
            let report = try await upload(categories: categories, conflicts: conflicts, service: service) { report($0) }
            let now = Date()
            try await writing { db in try SyncTimes.record(.upload, at: now, db) }
            activity.post(.uploadEnded(.success(report)))
            return report
        } catch {
            activity.post(.uploadEnded(.failure(error)))
            throw error
        }
    }

    /// Sends the waiting requests in order; `handled` is told the number handled after each.
    private nonisolated(nonsending) func upload(
        categories: Set<String>?,
        conflicts: ConflictPolicy,
        service: any SyncService,
        handled: (Int) -> Void
    ) async throws -> UploadReport {
        var sent = 0
        var archived = 0
        var held = 0
        var heldRecords: Set<String> = []
        var after: Int64 = 0
        while let request = try await nextRequest(after: after, categories: categories) {
            after = request.id
            try Task.checkCancellation()
            try SyncDeadline.check()
            defer { handled(sent + archived + held) }
            let record = request.tableName + " " + request.entityKey
            guard !heldRecords.contains(record), try await !isInErrorState(request) else {
                heldRecords.insert(record)
                held += 1
                continue
            }
            guard let table = schema.table(named: request.tableName) else {
                throw OfflineStoreError.corruptStore("a queued request names the table \(request.tableName)")
            }
            do {
                try await upload(request, table: table, service: service, conflicts: conflicts)
                sent += 1
            } catch let error as ODataServiceError where Self.isRefusal(error) {
                try await archive(request, table: table, error: error)
                heldRecords.insert(record)
                archived += 1
            }
        }
        return UploadReport(sentCount: sent, archivedCount: archived, heldCount: held)
    }

    /// Whether the service refused a change, which then goes to the error archive: a client error (4xx) or 501 Not
    /// Implemented. Throttling (429) is not a refusal: a change the client stopped waiting for stays queued, and the
    /// upload ends with the error, as after a failure of the service (5xx) or of the network.
    static func isRefusal(_ error: ODataServiceError) -> Bool {
        (error.statusCode < 500 && error.statusCode != 429) || error.statusCode == 501
    }

    /// Sends one request and records its outcome.
    private nonisolated(nonsending) func upload(
        _ request: PendingRequest,
        table: EntityTable,
        service: any SyncService,
        conflicts: ConflictPolicy
    ) async throws {
        let recovering = request.isInFlight
        let unsent = request
        var request = request
        if !recovering {
            let now = Date()
            let id = request.id
            try await writing { db in try RequestQueue.markInFlight(id, at: now, db) }
            request = request.sent(at: now)
        }
        let response: HTTPResponse?
        do { response = try await send(request, table: table, service: service, recovering: recovering) } catch let
            error as ODataServiceError where error.statusCode == 412 && request.method != .create
        {
            switch conflicts {
            case .ask: throw error
            case .clientWins:
                // Over the service's version (`If-Match: *`): a request that differs from the one refused, so a new
                // one to the service's repeatability too, recorded before it goes out.
                let overwriting = request.overwriting(requestID: RequestQueue.newRequestID(), at: Date())
                try await writing { db in try RequestQueue.replace(with: overwriting, db) }
                request = overwriting
                response = try await send(request, table: table, service: service, recovering: false)
            case .serverWins:
                try await takeServerVersion(of: request, table: table, service: service)
                return
            }
        } catch let error as ODataClientError where error.isUnreachable && !recovering {
            // No connection was made, so nothing was sent: the request is as it was, later edits of the record still
            // join it, and the next upload sends it without first reading the record back.
            try await writing { db in try RequestQueue.markNotSent(unsent, db) }
            throw error
        }
        try await settle(request, table: table, response: response, service: service)
    }

    /// Sends the HTTP request of a queued one; nil when the service had applied it already (found on recovery).
    private nonisolated(nonsending) func send(
        _ request: PendingRequest,
        table: EntityTable,
        service: any SyncService,
        recovering: Bool
    ) async throws -> HTTPResponse? {
        let entity = try await entity(for: request, table: table, includeChanges: true)
        let action: ServiceChange.Action
        switch request.method {
        case .create:
            // Whether a create sent before reached the service is read back where its key is known: an upsert
            // (`If-None-Match: *`) would be refused by a service without one, and the create lost to the archive.
            if recovering, repeatability == .none,
                try await serverVersion(of: request, table: table, service: service) != nil
            {
                return nil
            }
            action = .create
        case .update:
            if recovering, repeatability == .none,
                let server = try await serverVersion(of: request, table: table, service: service),
                request.attributes.allSatisfy({ server[$0.key] == $0.value })
            {
                return nil
            }
            action = .update
        case .delete: action = .delete
        case .associate, .disassociate:
            let (link, target) = try linkTarget(of: request)
            action =
                request.method == .associate
                ? .associate(
                    navigationProperty: link.navigationProperty,
                    target: target,
                    targetEntitySet: link.targetEntitySet
                )
                : .disassociate(
                    navigationProperty: link.navigationProperty,
                    target: target,
                    targetEntitySet: link.targetEntitySet
                )
        }
        let change = ServiceChange(action, of: entity, in: request.entitySet, headers: repeatabilityHeaders(request))
        switch request.method {
        case .delete, .disassociate:
            // Gone already: sent before the app stopped, or removed on the service.
            do { return try await service.send(change) } catch let error as ODataServiceError
                where error.statusCode == 404
            { return nil }
        case .create, .update, .associate: return try await service.send(change)
        }
    }

    /// The link a request adds or removes, and an entity standing for the record it leads to.
    private func linkTarget(of request: PendingRequest) throws -> (PendingRequest.Link, Entity) {
        guard let link = request.link, let table = schema.table(named: link.targetTable) else {
            throw OfflineStoreError.corruptStore("a queued link request names no table of the store")
        }
        guard !link.targetKeyValues.isEmpty else {
            throw OfflineStoreError.missingKey(
                "the \(table.type) \(link.targetKey) a link leads to has no key from the service yet"
            )
        }
        let target = table.type.init()
        for (name, value) in link.targetKeyValues { target[name] = value }
        target.acceptChanges()
        return (link, target)
    }

    /// The repeatability headers the service reads, the same each time the request is sent.
    private func repeatabilityHeaders(_ request: PendingRequest) -> [(name: String, value: String)] {
        let firstSent = HTTPDate.format(request.firstSent ?? Date())
        switch repeatability {
        case .none: return []
        case .oasis: return [("Repeatability-Request-ID", request.requestID), ("Repeatability-First-Sent", firstSent)]
        case .sapGateway:
            return [
                ("RequestID", request.requestID.replacingOccurrences(of: "-", with: "")),
                ("RepeatabilityCreation", firstSent),
            ]
        }
    }

    /// Records an accepted request: removes it, gives a created record the key and ETag the service gave, hands the
    /// new ETag to the record's later requests, and clears the record's pending state when nothing else waits.
    private nonisolated(nonsending) func settle(
        _ request: PendingRequest,
        table: EntityTable,
        response: HTTPResponse?,
        service: any SyncService
    ) async throws {
        var created: Entity?
        let changesRecord = request.method == .create || request.method == .update
        if let response, !response.body.isEmpty, changesRecord {
            let decoder = ODataJSONDecoder(version: service.version, registry: registry)
            created = try? decoder.decodeEntity(table.type, from: response.body)
        }
        var eTag = response?[header: "ETag"] ?? created?.eTag
        if eTag == nil, changesRecord, request.eTag != nil || response == nil {
            eTag = try await serverVersion(of: request, table: table, service: service)?.eTag
        }
        var newKey: (key: String, values: [String: AttributeValue])?
        if request.entityKey.hasPrefix(StoreKey.localPrefix), request.method == .create {
            newKey = try createdKey(response: response, created: created, table: table)
        }
        let settled = (eTag: eTag, newKey: newKey)
        try await writing { db in
            try RequestQueue.remove(request.id, db)
            var key = request.entityKey
            if let (newKey, values) = settled.newKey {
                try Rekey.record(table: table, from: key, to: newKey, values: values, db)
                key = newKey
            }
            let quoted = table.name.quotedDatabaseIdentifier
            if request.method == .create || request.method == .update {
                try db.execute(
                    sql: "UPDATE \(quoted) SET \"$etag\" = ?, \"$local\" = 0 WHERE \"$key\" = ?",
                    arguments: [settled.eTag, key]
                )
                try RequestQueue.updateETag(table: table, key: key, to: settled.eTag, db)
            }
            if try RequestQueue.requests(table: table, key: key, db).isEmpty {
                try db.execute(sql: "UPDATE \(quoted) SET \"$pending\" = 0 WHERE \"$key\" = ?", arguments: [key])
                try Originals.forget(table: table.name, key: key, db)
            }
        }
    }

    /// The key the service gave a record created here: from the created entity, else from its location.
    private func createdKey(response: HTTPResponse?, created: Entity?, table: EntityTable) throws -> (
        String, [String: AttributeValue]
    )? {
        if let created, let key = try StoreKey.of(created, in: table) {
            var values: [String: AttributeValue] = [:]
            for column in table.keyColumns { values[column.name] = created[column.name] }
            return (key, values)
        }
        let location = response?[header: "OData-EntityId"] ?? response?[header: "Location"]
        guard let location, let key = StoreKey.fromIdentifier(location, in: table) else { return nil }
        return (key, StoreKey.values(of: key, in: table))
    }

    /// The next waiting request after `id`.
    private nonisolated(nonsending) func nextRequest(after id: Int64, categories: Set<String>?) async throws
        -> PendingRequest?
    { try await writer.read { db in try RequestQueue.next(after: id, categories: categories, db) } }

    private nonisolated(nonsending) func isInErrorState(_ request: PendingRequest) async throws -> Bool {
        try await writer.read { db in
            try Bool.fetchOne(
                db,
                sql: "SELECT 1 FROM \"\(StoreDatabase.Tables.errors)\" WHERE table_name = ? AND entity_key = ?",
                arguments: [request.tableName, request.entityKey]
            ) ?? false
        }
    }

    /// An entity standing for the request's record: its class, key and ETag, and its changes when asked.
    func entity(for request: PendingRequest, table: EntityTable, includeChanges: Bool) async throws -> Entity {
        let typeName = try await writer.read { db in
            try String.fetchOne(
                db,
                sql: "SELECT \"$type\" FROM \(table.name.quotedDatabaseIdentifier) WHERE \"$key\" = ?",
                arguments: [request.entityKey]
            )
        }
        let type = typeName.flatMap(registry.type(forQualifiedName:)) ?? table.type
        let entity = type.init()
        for (name, value) in request.keyValues { entity[name] = value }
        if request.keyValues.isEmpty, let id = StoreKey.localID(request.entityKey) { entity.recordId = id }
        entity.acceptChanges()
        if includeChanges { for (name, value) in request.attributes { entity[name] = value } }
        entity.eTag = request.eTag
        return entity
    }

    /// The record as the service has it now; nil when it has none (404) or the record has no key yet.
    func serverVersion(of request: PendingRequest, table: EntityTable, service: any SyncService) async throws -> Entity?
    {
        guard !request.keyValues.isEmpty else { return nil }
        let probe = try await entity(for: request, table: table, includeChanges: false)
        do {
            return try await service.read(type(of: probe), key: try EntityKey.of(probe), in: request.entitySet)
        } catch let error as ODataServiceError where error.statusCode == 404 { return nil }
    }
}

extension PendingRequest {
    /// The request as it is once marked as sent.
    func sent(at date: Date) -> PendingRequest { with(firstSent: firstSent ?? date) }

    /// The request sent again over the service's version (no ETag: `If-Match: *`) under a new repeatability id
    /// first sent at `date`.
    func overwriting(requestID: String, at date: Date) -> PendingRequest {
        with(eTag: .some(nil), requestID: requestID, firstSent: date)
    }

    private func with(eTag: String?? = .none, requestID: String? = nil, firstSent: Date?) -> PendingRequest {
        PendingRequest(
            id: id,
            method: method,
            entitySet: entitySet,
            entityKey: entityKey,
            keyValues: keyValues,
            attributes: attributes,
            link: link,
            eTag: eTag ?? self.eTag,
            category: category,
            isInFlight: true,
            tableName: tableName,
            requestID: requestID ?? self.requestID,
            firstSent: firstSent
        )
    }
}
