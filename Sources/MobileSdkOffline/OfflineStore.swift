import Foundation
import GRDB
import MobileSdk
import MobileSdkClient

/// The records of a service kept on the device in one SQLite file: what the defining queries downloaded, read with
/// the same typed queries as the service, changed locally, and uploaded later.
///
/// ```swift
/// let store = try OfflineStore(
///     at: URL.applicationSupportDirectory.appending(path: "trippin.sqlite"),
///     client: client,
///     definingQueries: [DefiningQuery("people", Query<Person>().expand(\.trips))]
/// )
/// try await store.download()
/// let people = try store.fetch(Query<Person>().filter { $0.lastName == "Whyte" })
/// ```
///
/// Records and the requests that change them are kept in the same database, so that no crash can leave them
/// disagreeing. Reads are synchronous and fast (SQLite on the device), writes record a request and return.
public final class OfflineStore: Sendable {
    /// The queries whose results the store keeps.
    public let definingQueries: [DefiningQuery]
    /// The service downloads and uploads go to (an `ODataClient`, or a test's stand-in); nil for a store that is
    /// only filled locally (previews, tests).
    public let service: (any SyncService)?
    /// The client downloads and uploads go through, when the store was opened with one; nil for another
    /// ``SyncService`` or none.
    public var client: ODataClient? { service as? ODataClient }
    /// How the service makes a request sent twice count once.
    public let repeatability: RepeatabilitySupport
    /// How much stream content ``cachedFile(for:)`` keeps.
    public let blobLimits: BlobCacheLimits
    /// How Data Protection keeps the store's files on Apple's mobile platforms.
    public let protection: StoreFileProtection
    /// Where the cached streams' files are: beside the store's file, or a temporary folder for a store in memory.
    let blobDirectory: URL
    let writer: any DatabaseWriter
    let schema: StoreSchema
    let registry: EntityRegistry
    /// Tells the ``SyncStatus``es following the store how its downloads and uploads go.
    let activity = SyncActivity()
    /// Tables rebuilt on opening because the generated model changed a column's type: their records come again
    /// with the next download.
    let rebuiltTables: [String]

    /// Opens (or creates) the store at `url` for `service` (an `ODataClient`, or a test's stand-in), keeping the results of
    /// `definingQueries`, and records of `types` too (classes the app creates offline without reading them), with
    /// the `indexes` its frequent local queries need (see ``StoreIndex``). `repeatability` says how the service
    /// recognizes a request sent again after a crash; `blobLimits` how much stream content ``cachedFile(for:)`` keeps,
    /// in a folder beside the file (its name and `.blobs`); `protection` how Data Protection keeps the files (see
    /// ``StoreFileProtection``, and ``removeFiles(at:)`` to delete them all).
    ///
    /// A model that only added attributes or classes migrates in place. Throws
    /// ``OfflineStoreError/notAStore(path:reason:)`` for a file that is another application's database, a later
    /// format's or damaged.
    public convenience init(
        at url: URL,
        service: (any SyncService)?,
        definingQueries: [DefiningQuery],
        types: [Entity.Type] = [],
        indexes: [StoreIndex] = [],
        repeatability: RepeatabilitySupport = .none,
        blobLimits: BlobCacheLimits = BlobCacheLimits(),
        protection: StoreFileProtection = .completeUntilFirstUserAuthentication,
        registry: EntityRegistry = .shared
    ) throws {
        try self.init(
            path: url.path(percentEncoded: false),
            service: service,
            definingQueries: definingQueries,
            types: types,
            indexes: indexes,
            repeatability: repeatability,
            blobLimits: blobLimits,
            blobDirectory: url.appendingPathExtension("blobs"),
            protection: protection,
            registry: registry
        )
        let path = url.path(percentEncoded: false)
        protection.apply(to: [path] + Self.companionSuffixes.map { path + $0 } + [blobDirectory.path])
    }

    /// ``init(at:service:definingQueries:types:indexes:repeatability:blobLimits:protection:registry:)`` for the
    /// service `client` reaches.
    public convenience init(
        at url: URL,
        client: ODataClient?,
        definingQueries: [DefiningQuery],
        types: [Entity.Type] = [],
        indexes: [StoreIndex] = [],
        repeatability: RepeatabilitySupport = .none,
        blobLimits: BlobCacheLimits = BlobCacheLimits(),
        protection: StoreFileProtection = .completeUntilFirstUserAuthentication,
        registry: EntityRegistry = .shared
    ) throws {
        try self.init(
            at: url,
            service: client,
            definingQueries: definingQueries,
            types: types,
            indexes: indexes,
            repeatability: repeatability,
            blobLimits: blobLimits,
            protection: protection,
            registry: registry
        )
    }

    /// A store in memory with tables for `types` (and what `definingQueries` read), for SwiftUI previews and tests:
    /// fill it with ``insertDownloaded(_:)`` and read it as an app reads a downloaded store.
    public static func inMemory(
        types: [Entity.Type],
        definingQueries: [DefiningQuery] = [],
        client: ODataClient? = nil,
        indexes: [StoreIndex] = [],
        registry: EntityRegistry = .shared
    ) throws -> OfflineStore {
        try inMemory(
            types: types,
            definingQueries: definingQueries,
            service: client,
            indexes: indexes,
            registry: registry
        )
    }

    /// A store in memory with tables for `types` (and what `definingQueries` read) that downloads from and uploads
    /// to `service`: a test's stand-in for the service (`InMemoryService` of MobileSdkTesting), say.
    public static func inMemory(
        types: [Entity.Type],
        definingQueries: [DefiningQuery] = [],
        service: (any SyncService)?,
        indexes: [StoreIndex] = [],
        registry: EntityRegistry = .shared
    ) throws -> OfflineStore {
        try OfflineStore(
            path: nil,
            service: service,
            definingQueries: definingQueries,
            types: types,
            indexes: indexes,
            repeatability: .none,
            blobLimits: BlobCacheLimits(),
            blobDirectory: FileManager.default.temporaryDirectory.appendingPathComponent(
                "MobileSdkOffline-" + UUID().uuidString
            ),
            protection: .completeUntilFirstUserAuthentication,
            registry: registry
        )
    }

    private init(
        path: String?,
        service: (any SyncService)?,
        definingQueries: [DefiningQuery],
        types: [Entity.Type],
        indexes: [StoreIndex],
        repeatability: RepeatabilitySupport,
        blobLimits: BlobCacheLimits,
        blobDirectory: URL,
        protection: StoreFileProtection,
        registry: EntityRegistry
    ) throws {
        self.protection = protection
        self.definingQueries = definingQueries
        self.service = service
        self.repeatability = repeatability
        self.blobLimits = blobLimits
        self.blobDirectory = blobDirectory
        self.registry = registry
        schema = StoreSchema(
            types: types + definingQueries.map(\.entityType),
            expansions: definingQueries.map { ($0.entityType, $0.tree) },
            indexes: indexes,
            registry: registry
        )
        writer = try StoreDatabase.open(path: path)
        rebuiltTables = try StoreDatabase.prepare(writer, schema: schema)
        if !rebuiltTables.isEmpty {
            try database { db in
                try DownloadState.forgetDeltaLinks(db)
                try PendingReplay.apply(schema: schema, registry: registry, db)
            }
        }
    }

    // MARK: Local reads

    /// The records the query matches, as the service would return them for the same data: filter, orderings,
    /// `$top`, `$skip`, `$select` and `$expand` over the downloaded relations, evaluated in SQLite.
    public func fetch<T: Entity>(_ query: Query<T> = Query<T>()) throws -> [T] {
        try reading { db in
            try LocalQuery(schema: schema, registry: registry).entities(T.self, query.tree, db).compactMap { $0 as? T }
        }
    }

    /// The number of records the query's filter matches.
    public func count<T: Entity>(_ query: Query<T> = Query<T>()) throws -> Int {
        try reading { db in try LocalQuery(schema: schema, registry: registry).count(T.self, query.tree, db) }
    }

    /// The record with this key, or nil.
    public func entity<T: Entity>(_ type: T.Type, key: EntityKey) throws -> T? {
        let table = try schema.table(for: type)
        let storeKey = try StoreKey.of(key, in: table)
        return try reading { db in
            guard
                let row = try Row.fetchOne(
                    db,
                    sql: "SELECT * FROM \(table.name.quotedDatabaseIdentifier) WHERE \"$key\" = ?",
                    arguments: [storeKey]
                )
            else { return nil }
            return try EntityRows.entity(from: row, in: table, registry: registry, selected: nil) as? T
        }
    }

    /// The stored record with this key, with the properties `query` selects and the related records it expands;
    /// nil when the store has none.
    public func entity<T: Entity>(_ query: Query<T>, key: EntityKey) throws -> T? {
        let storeKey = try StoreKey.of(key, in: try schema.table(for: T.self))
        return try reading { db in
            try LocalQuery(schema: schema, registry: registry).entity(T.self, key: storeKey, query.tree, db) as? T
        }
    }

    // MARK: Filling without a service

    /// Stores entities as if downloaded (no request is queued), with the related records they hold and the links
    /// to them: the data of previews and tests, or of a seed.
    public func insertDownloaded(_ entities: [Entity]) throws {
        try database { db in
            for entity in entities {
                let table = try schema.table(for: type(of: entity))
                var writer = try RecordWriter(
                    query: nil,
                    generation: 0,
                    table: table,
                    tree: Query<Entity>().tree,
                    schema: schema,
                    db
                )
                try writer.add(entity, table: table, expansions: nil)
            }
        }
    }

    // MARK: Helpers

    /// Runs `body` in a write transaction, turning SQLite's errors into ``OfflineStoreError``s.
    func database<Result>(_ body: (Database) throws -> Result) throws -> Result {
        do { return try writer.write(body) } catch let error as DatabaseError { throw OfflineStoreError(error) }
    }

    /// ``database(_:)`` without blocking the caller.
    func writing<Result: Sendable>(_ body: @escaping @Sendable (Database) throws -> Result) async throws -> Result {
        do { return try await writer.write(body) } catch let error as DatabaseError { throw OfflineStoreError(error) }
    }

    /// Runs `body` in a read transaction (beside writes, on a file), turning SQLite's errors into
    /// ``OfflineStoreError/database(_:)``.
    func reading<Result>(_ body: (Database) throws -> Result) throws -> Result {
        do { return try writer.read(body) } catch let error as DatabaseError { throw OfflineStoreError(error) }
    }

    /// The entity set records of `type` are sent to: the defining query's that reads the class, else the class's.
    func entitySet(for type: Entity.Type) throws -> String {
        if let query = definingQueries.first(where: { ObjectIdentifier($0.entityType) == ObjectIdentifier(type) }) {
            return query.entitySet
        }
        var current: Entity.Type? = type
        while let candidate = current {
            if let set = candidate.entitySetName { return set }
            current = _getSuperclass(candidate) as? Entity.Type
        }
        let containers = schema.tables.flatMap { table in
            table.navigations.values.filter { $0.isContained && StoreSchema.isClass(type, derivedFrom: $0.target) }
                .map { "\(table.type)/\($0.name)" }
        }
        guard let container = containers.sorted().first else {
            throw OfflineStoreError.invalidValue("\(type) names no entity set to send its records to")
        }
        throw OfflineStoreError.invalidValue(
            "\(type) has no entity set: its records are contained (\(container)); name the record containing it"
                + " (create(_:in:_:category:), update(_:in:_:category:), delete(_:in:_:category:))"
        )
    }
}
