import Foundation
import GRDB
import MobileSdk

/// The durable queue of local changes, in the store's database, so that the records and their requests always
/// agree. Requests combine as they are added: an update of a record whose create or update is still waiting joins
/// it, deleting a record whose create was never sent removes both (and the links to it), and removing a link whose
/// associate was never sent removes that associate.
enum RequestQueue {
    private static let table = "\"\(StoreDatabase.Tables.requests)\""

    /// The record a request changes.
    struct Record {
        let table: EntityTable
        /// Its key in the store (see ``StoreKey``).
        let key: String
        /// Its key properties' values; empty for a record created here whose key only the service gives.
        let keyValues: [String: AttributeValue]
        let entitySet: String
    }

    /// Queues a create of the record with these attributes.
    static func create(_ record: Record, attributes: [String: AttributeValue], category: String?, _ db: Database) throws
    { try insert(.create, record, attributes: attributes, eTag: nil, category: category, db) }

    /// Queues an update of these attributes, or adds them to the record's waiting create or update.
    static func update(
        _ record: Record,
        attributes: [String: AttributeValue],
        eTag: String?,
        category: String?,
        _ db: Database
    ) throws {
        if let last = try lastWaiting(table: record.table, key: record.key, db), last.method != .delete {
            let merged = last.attributes.merging(attributes) { _, new in new }
            try db.execute(
                sql: "UPDATE \(Self.table) SET body = ? WHERE id = ?",
                arguments: [try encode(merged), last.id]
            )
            return
        }
        try insert(.update, record, attributes: attributes, eTag: eTag, category: category, db)
    }

    /// Queues a link's associate or disassociate; a disassociate of a link whose associate was never sent removes
    /// that associate instead and returns false (nothing is to be sent).
    @discardableResult static func link(
        _ method: PendingRequest.Method,
        _ record: Record,
        _ link: PendingRequest.Link,
        category: String?,
        _ db: Database
    ) throws -> Bool {
        if method == .disassociate,
            let associate = try requests(table: record.table, key: record.key, db)
                .last(where: { $0.method == .associate && $0.link == link && !$0.isInFlight })
        {
            try remove(associate.id, db)
            return false
        }
        try insert(method, record, attributes: encode(link), eTag: nil, category: category, db)
        return true
    }

    /// Queues a delete; when the record's create was never sent, removes its waiting requests instead and returns
    /// false (nothing is to be sent).
    @discardableResult static func delete(_ record: Record, eTag: String?, category: String?, _ db: Database) throws
        -> Bool
    {
        let waiting = try requests(table: record.table, key: record.key, db)
        let unsentCreate = waiting.contains { $0.method == .create && !$0.isInFlight }
        try db.execute(
            sql: "DELETE FROM \(Self.table) WHERE table_name = ? AND entity_key = ? AND in_flight = 0",
            arguments: [record.table.name, record.key]
        )
        guard !unsentCreate else {
            // Links to it were never sent either.
            for request in try all(db)
            where !request.isInFlight && request.link?.targetTable == record.table.name
                && request.link?.targetKey == record.key
            { try remove(request.id, db) }
            return false
        }
        try insert(.delete, record, attributes: [:], eTag: eTag, category: category, db)
        return true
    }

    /// The waiting requests, in order; only those of `categories` when given.
    static func all(categories: Set<String>? = nil, _ db: Database) throws -> [PendingRequest] {
        try Row.fetchAll(db, sql: "SELECT * FROM \(table) ORDER BY id").map(request(from:))
            .filter { request in categories.map { request.category.map($0.contains) ?? false } ?? true }
    }

    /// The first waiting request after the one numbered `id`; only of `categories` when given.
    static func next(after id: Int64, categories: Set<String>?, _ db: Database) throws -> PendingRequest? {
        let (condition, arguments) = categoryCondition(categories)
        return
            try Row.fetchOne(
                db,
                sql: "SELECT * FROM \(table) WHERE id > ?\(condition) ORDER BY id LIMIT 1",
                arguments: StatementArguments([id]) + arguments
            )
            .map(request(from:))
    }

    /// The number of waiting requests; only of `categories` when given.
    static func count(categories: Set<String>?, _ db: Database) throws -> Int {
        let (condition, arguments) = categoryCondition(categories)
        return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table) WHERE 1\(condition)", arguments: arguments) ?? 0
    }

    /// The SQL that keeps only the requests of `categories` (nothing when nil), and its arguments.
    private static func categoryCondition(_ categories: Set<String>?) -> (String, StatementArguments) {
        guard let categories else { return ("", []) }
        let sorted = categories.sorted()
        let marks = Array(repeating: "?", count: sorted.count).joined(separator: ", ")
        return (" AND category IN (\(marks))", StatementArguments(sorted))
    }

    /// The waiting requests of one record, in order.
    static func requests(table: EntityTable, key: String, _ db: Database) throws -> [PendingRequest] {
        try Row.fetchAll(
            db,
            sql: "SELECT * FROM \(Self.table) WHERE table_name = ? AND entity_key = ? ORDER BY id",
            arguments: [table.name, key]
        )
        .map(request(from:))
    }

    /// Marks a request as sent, with the time of its first sending (for `Repeatability-First-Sent`).
    static func markInFlight(_ id: Int64, at date: Date, _ db: Database) throws {
        try db.execute(
            sql: "UPDATE \(table) SET in_flight = 1, first_sent = COALESCE(first_sent, ?) WHERE id = ?",
            arguments: [date.timeIntervalSinceReferenceDate, id]
        )
    }

    /// Takes back ``markInFlight(_:at:_:)`` for a request that was never sent (no connection was made): `request` as it
    /// was read before.
    static func markNotSent(_ request: PendingRequest, _ db: Database) throws {
        try db.execute(
            sql: "UPDATE \(table) SET in_flight = 0, first_sent = ? WHERE id = ?",
            arguments: [request.firstSent?.timeIntervalSinceReferenceDate, request.id]
        )
    }

    /// A new repeatability id: every request that differs from the ones sent before gets one, since a service with
    /// repeatable requests answers an id it has seen with the answer it kept.
    static func newRequestID() -> String { UUID().uuidString.lowercased() }

    /// Records what a request now sends: its ETag, repeatability id and time of first sending.
    static func replace(with request: PendingRequest, _ db: Database) throws {
        try db.execute(
            sql: "UPDATE \(table) SET etag = ?, request_id = ?, first_sent = ? WHERE id = ?",
            arguments: [request.eTag, request.requestID, request.firstSent?.timeIntervalSinceReferenceDate, request.id]
        )
    }

    /// Removes a request.
    static func remove(_ id: Int64, _ db: Database) throws {
        try db.execute(sql: "DELETE FROM \(table) WHERE id = ?", arguments: [id])
    }

    /// Gives the record's waiting requests its new key (a record created here that the service gave a key).
    static func rekey(
        table: EntityTable,
        from old: String,
        to new: String,
        values: [String: AttributeValue],
        _ db: Database
    ) throws {
        try db.execute(
            sql: "UPDATE \(Self.table) SET entity_key = ?, key_values = ? WHERE table_name = ? AND entity_key = ?",
            arguments: [new, try encode(values), table.name, old]
        )
        for request in try all(db) {
            guard let link = request.link, link.targetTable == table.name, link.targetKey == old else { continue }
            let moved = PendingRequest.Link(
                navigationProperty: link.navigationProperty,
                targetEntitySet: link.targetEntitySet,
                targetKey: new,
                targetTable: link.targetTable,
                targetKeyValues: values
            )
            try db.execute(
                sql: "UPDATE \(Self.table) SET body = ? WHERE id = ?",
                arguments: [try encode(encode(moved)), request.id]
            )
        }
    }

    /// Sets the ETag the record's next waiting request sends.
    static func updateETag(table: EntityTable, key: String, to eTag: String?, _ db: Database) throws {
        try db.execute(
            sql: "UPDATE \(Self.table) SET etag = ? WHERE table_name = ? AND entity_key = ? AND method != 'create'",
            arguments: [eTag, table.name, key]
        )
    }

    private static func lastWaiting(table: EntityTable, key: String, _ db: Database) throws -> PendingRequest? {
        guard let last = try requests(table: table, key: key, db).last, !last.isInFlight else { return nil }
        return last
    }

    private static func insert(
        _ method: PendingRequest.Method,
        _ record: Record,
        attributes: [String: AttributeValue],
        eTag: String?,
        category: String?,
        _ db: Database
    ) throws {
        try db.execute(
            sql: """
                INSERT INTO \(Self.table) (method, table_name, entity_key, key_values, entity_set, body, etag, category,
                request_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                method.rawValue, record.table.name, record.key, try encode(record.keyValues), record.entitySet,
                method == .delete ? nil : try encode(attributes), eTag, category, newRequestID(),
            ]
        )
    }

    static func request(from row: Row) throws -> PendingRequest {
        guard let method = PendingRequest.Method(rawValue: row["method"]) else {
            throw OfflineStoreError.corruptStore("a queued request has the method \(String(describing: row["method"]))")
        }
        let body: String? = row["body"]
        var attributes = try body.map(decode) ?? [:]
        var link: PendingRequest.Link?
        if method == .associate || method == .disassociate {
            link = try decodeLink(attributes)
            attributes = [:]
        }
        return PendingRequest(
            id: row["id"],
            method: method,
            entitySet: row["entity_set"],
            entityKey: row["entity_key"],
            keyValues: try decode(row["key_values"]),
            attributes: attributes,
            link: link,
            eTag: row["etag"],
            category: row["category"],
            isInFlight: row["in_flight"] as Int64 != 0,
            tableName: row["table_name"],
            requestID: row["request_id"],
            firstSent: (row["first_sent"] as Double?).map { Date(timeIntervalSinceReferenceDate: $0) }
        )
    }

    /// A link as a request's body holds it: its parts under names no property has (they start with `$`).
    private static func encode(_ link: PendingRequest.Link) -> [String: AttributeValue] {
        var body: [String: AttributeValue] = [
            "$navigation": .string(link.navigationProperty), "$targetSet": .string(link.targetEntitySet),
            "$targetTable": .string(link.targetTable), "$targetKey": .string(link.targetKey),
        ]
        for (name, value) in link.targetKeyValues { body["$key." + name] = value }
        return body
    }

    private static func decodeLink(_ body: [String: AttributeValue]) throws -> PendingRequest.Link {
        guard case .string(let navigation)? = body["$navigation"], case .string(let set)? = body["$targetSet"],
            case .string(let table)? = body["$targetTable"], case .string(let key)? = body["$targetKey"]
        else { throw OfflineStoreError.corruptStore("a queued link request does not name its link") }
        var values: [String: AttributeValue] = [:]
        for (name, value) in body where name.hasPrefix("$key.") { values[String(name.dropFirst(5))] = value }
        return PendingRequest.Link(
            navigationProperty: navigation,
            targetEntitySet: set,
            targetKey: key,
            targetTable: table,
            targetKeyValues: values
        )
    }

    static func encode(_ attributes: [String: AttributeValue]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(attributes), as: UTF8.self)
    }

    static func decode(_ body: String) throws -> [String: AttributeValue] {
        do { return try JSONDecoder().decode([String: AttributeValue].self, from: Data(body.utf8)) } catch {
            throw OfflineStoreError.corruptStore("a queued request's body cannot be read: \(error)")
        }
    }
}
