import Foundation
import GRDB

/// Opens a store's database and brings its schema to what this version and the generated classes describe: the
/// store's own tables through numbered migrations, the entity tables by adding the columns new attributes need.
enum StoreDatabase {
    /// Marks a SQLite file as an offline store (`PRAGMA application_id`, "MSOF").
    static let applicationID: Int32 = 0x4D53_4F46
    /// The format of the store's own tables this version writes (`PRAGMA user_version`).
    static let formatVersion = 1

    /// The store's own tables.
    enum Tables {
        /// Each defining query: its definition, delta link, download strategy, and where a stopped whole read goes on.
        static let queries = "$queries"
        /// Which records each defining query downloaded, for the key diff of a full read.
        static let members = "$members"
        /// Navigation links between downloaded records, for `$expand` and navigation paths in filters.
        static let links = "$links"
        /// The requests waiting to be uploaded, in order.
        static let requests = "$requests"
        /// Requests the service refused, with its answer, until the app resolves them.
        static let errors = "$errors"
        /// The downloaded state of each record changed here, for undoing the changes.
        static let originals = "$originals"
        /// The streams kept in the blob cache, with their files, sizes, ETags and last use.
        static let blobs = "$blobs"
        /// When the last download and the last upload succeeded.
        static let sync = "$sync"
    }

    /// The connections' settings: commits that wait for the disk only at checkpoints (WAL), and pages of 16 KiB —
    /// the memory page size of Apple's arm64 devices — which hold a wide record or two apiece (set when the file is
    /// made; SQLite keeps a file's page size after that).
    static let pragmas = "PRAGMA synchronous = NORMAL; PRAGMA page_size = 16384"
    /// The writer's page cache, 1 MiB: a download's pages go on to the WAL file, and a larger cache only holds more
    /// of them in memory (readers keep SQLite's 2 MB for local queries).
    static let writerPragmas = "PRAGMA cache_size = -1024"

    /// A writer for the file at `path` (created when missing), or an in-memory database when `path` is nil. The
    /// file's write-ahead log is copied into it by a ``Checkpointer``, not by the commits.
    static func open(path: String?) throws -> any DatabaseWriter {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = false
        configuration.busyMode = .timeout(5)
        let checkpointer = path.map { Checkpointer(path: $0) }
        configuration.prepareDatabase { db in
            try db.execute(sql: Self.pragmas)
            guard !db.configuration.readonly else { return }
            try db.execute(sql: Self.writerPragmas)
            checkpointer?.install(on: db)
        }
        do {
            guard let path else { return try DatabaseQueue(configuration: configuration) }
            try checkIdentity(path: path)
            return try DatabasePool(path: path, configuration: configuration)
        } catch let error as DatabaseError {
            throw OfflineStoreError.notAStore(path: path ?? ":memory:", reason: error.message ?? "\(error)")
        }
    }

    /// Refuses a file that is an SQLite database of another application or of a later format, or no database.
    private static func checkIdentity(path: String) throws {
        guard FileManager.default.fileExists(atPath: path) else { return }
        var configuration = Configuration()
        configuration.readonly = true
        // Waits, as the store's connections do, for a store of the same file that is closing (its last connection
        // checkpoints the log and removes it, locking the file meanwhile).
        configuration.busyMode = .timeout(5)
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        defer { try? queue.close() }
        let (application, version, tables) = try queue.read { db in
            (
                try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0,
                try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0,
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_master") ?? 0
            )
        }
        if tables == 0, application == 0 { return }
        guard application == applicationID else {
            throw OfflineStoreError.notAStore(path: path, reason: "it is the SQLite database of another application")
        }
        guard version <= formatVersion else {
            throw OfflineStoreError.notAStore(
                path: path,
                reason: "it was written in store format \(version) by a later version; this one reads \(formatVersion)"
            )
        }
    }

    /// Creates or migrates the store's own tables and the entity tables of `schema`. Returns the names of tables
    /// that had to be rebuilt because a column changed type (their records must be downloaded again).
    static func prepare(_ writer: any DatabaseWriter, schema: StoreSchema) throws -> [String] {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("1") { db in
            try db.execute(sql: "PRAGMA application_id = \(applicationID)")
            try db.execute(sql: "PRAGMA user_version = \(formatVersion)")
            try db.execute(
                sql: """
                    CREATE TABLE "\(Tables.queries)" (name TEXT PRIMARY KEY NOT NULL, entity_set TEXT NOT NULL, \
                    table_name TEXT NOT NULL, definition TEXT NOT NULL, delta_link TEXT, strategy TEXT, \
                    generation INTEGER NOT NULL DEFAULT 0, downloaded_at REAL);
                    CREATE TABLE "\(Tables.members)" (query TEXT NOT NULL, table_name TEXT NOT NULL, \
                    entity_key TEXT NOT NULL, generation INTEGER NOT NULL, \
                    PRIMARY KEY (query, table_name, entity_key)) WITHOUT ROWID;
                    CREATE INDEX "$members_record" ON "\(Tables.members)" (table_name, entity_key);
                    CREATE TABLE "\(Tables.links)" (source_table TEXT NOT NULL, source_key TEXT NOT NULL, \
                    navigation TEXT NOT NULL, position INTEGER NOT NULL, target_table TEXT NOT NULL, \
                    target_key TEXT NOT NULL, PRIMARY KEY (source_table, source_key, navigation, target_key)) \
                    WITHOUT ROWID;
                    CREATE INDEX "$links_target" ON "\(Tables.links)" (target_table, target_key);
                    CREATE TABLE "\(Tables.requests)" (id INTEGER PRIMARY KEY AUTOINCREMENT, method TEXT NOT NULL, \
                    table_name TEXT NOT NULL, entity_key TEXT NOT NULL, key_values TEXT NOT NULL, \
                    entity_set TEXT NOT NULL, body TEXT, etag TEXT, category TEXT, \
                    in_flight INTEGER NOT NULL DEFAULT 0, request_id TEXT NOT NULL, first_sent REAL);
                    CREATE TABLE "\(Tables.errors)" (id INTEGER PRIMARY KEY AUTOINCREMENT, request INTEGER NOT NULL, \
                    method TEXT NOT NULL, table_name TEXT NOT NULL, entity_key TEXT NOT NULL, \
                    key_values TEXT NOT NULL, entity_set TEXT NOT NULL, body TEXT, etag TEXT, category TEXT, \
                    request_id TEXT NOT NULL, \
                    status INTEGER, code TEXT, message TEXT NOT NULL);
                    CREATE TABLE "\(Tables.originals)" (table_name TEXT NOT NULL, entity_key TEXT NOT NULL, \
                    snapshot TEXT NOT NULL, PRIMARY KEY (table_name, entity_key)) WITHOUT ROWID;
                    CREATE TABLE "\(Tables.blobs)" (cache_key TEXT PRIMARY KEY NOT NULL, file TEXT NOT NULL, \
                    bytes INTEGER NOT NULL, etag TEXT, last_used REAL NOT NULL);
                    """
            )
        }
        migrator.registerMigration("2: the links of originals") { db in
            try db.execute(sql: "ALTER TABLE \"\(Tables.originals)\" ADD COLUMN links TEXT")
        }
        // Memberships keyed by record first: one tree serves both the upsert of each downloaded record and the
        // search for records no query holds (a second index cost every downloaded record another tree insert).
        migrator.registerMigration("3: memberships by record") { db in
            try db.execute(
                sql: """
                    CREATE TABLE "$members_by_record" (table_name TEXT NOT NULL, entity_key TEXT NOT NULL, \
                    query TEXT NOT NULL, generation INTEGER NOT NULL, PRIMARY KEY (table_name, entity_key, query)) \
                    WITHOUT ROWID;
                    INSERT INTO "$members_by_record" (table_name, entity_key, query, generation)
                    SELECT table_name, entity_key, query, generation FROM "\(Tables.members)";
                    DROP TABLE "\(Tables.members)";
                    ALTER TABLE "$members_by_record" RENAME TO "\(Tables.members)";
                    """
            )
        }
        migrator.registerMigration("4: sync times") { db in
            try db.execute(
                sql: "CREATE TABLE \"\(Tables.sync)\" (operation TEXT PRIMARY KEY NOT NULL, succeeded_at REAL NOT NULL)"
            )
        }
        migrator.registerMigration("5: whole reads that go on") { db in
            try db.execute(
                sql: """
                    ALTER TABLE "\(Tables.queries)" ADD COLUMN resume_link TEXT;
                    ALTER TABLE "\(Tables.queries)" ADD COLUMN resume_tracked INTEGER;
                    """
            )
        }
        do {
            try migrator.migrate(writer)
            return try writer.write { db in
                let rebuilt = try prepareEntityTables(db, schema: schema)
                try prepareIndexes(db, schema: schema)
                return rebuilt
            }
        } catch let error as DatabaseError { throw OfflineStoreError.database(error.message ?? "\(error)") }
    }

    /// Creates the declared indexes that are missing and drops those no longer declared.
    private static func prepareIndexes(_ db: Database, schema: StoreSchema) throws {
        var declared: Set<String> = []
        for index in schema.indexes {
            let (name, sql) = try index.statement(in: try schema.table(for: index.type))
            declared.insert(name)
            try db.execute(sql: sql)
        }
        let existing = try String.fetchAll(
            db,
            sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE '$index\\_%' ESCAPE '\\'"
        )
        for name in existing where !declared.contains(name) {
            try db.execute(sql: "DROP INDEX \(name.quotedDatabaseIdentifier)")
        }
    }

    /// Adds missing entity tables and columns; rebuilds a table whose columns changed type.
    private static func prepareEntityTables(_ db: Database, schema: StoreSchema) throws -> [String] {
        var rebuilt: [String] = []
        for table in schema.tables {
            guard try db.tableExists(table.name) else {
                try db.execute(sql: table.createStatement)
                continue
            }
            let existing = Dictionary(
                try db.columns(in: table.name).map { ($0.name, $0.type.uppercased()) },
                uniquingKeysWith: { first, _ in first }
            )
            let changed = table.columns.contains { column in
                existing[column.name].map { $0 != column.kind.sqlType } ?? false
            }
            if changed {
                try db.execute(sql: "DROP TABLE \(table.name.quotedDatabaseIdentifier)")
                try db.execute(sql: table.createStatement)
                rebuilt.append(table.name)
                continue
            }
            for column in table.columns where existing[column.name] == nil {
                try db.execute(
                    sql: "ALTER TABLE \(table.name.quotedDatabaseIdentifier) ADD COLUMN "
                        + "\(column.name.quotedDatabaseIdentifier) \(column.kind.sqlType)"
                )
            }
        }
        return rebuilt
    }
}
