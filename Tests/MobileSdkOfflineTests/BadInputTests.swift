import Foundation
import GRDB
import MobileSdk
import MobileSdkOffline
import TestSupport
import Testing
import TripPinModel

/// Files that are no store, stores of another model or format, and a disk that fills up: a clear error, and no
/// waiting change lost.
@Suite struct BadInputTests {
    init() { GeneratedEntities.register() }

    static let people = DefiningQuery("people", Query<Person>())

    static func storeFile() throws -> URL { try Paths.temporaryDirectory().appendingPathComponent("store.sqlite") }

    /// A store file with two people downloaded, one of them changed and one created here.
    static func storeWithPendingChanges() throws -> URL {
        let file = try storeFile()
        let store = try OfflineStore(at: file, client: nil, definingQueries: [people])
        try store.insertDownloaded([
            LocalQueryTests.person("russellwhyte", "Russell", "Whyte", age: 33),
            LocalQueryTests.person("scottketchum", "Scott", "Ketchum", age: 28),
        ])
        let russell = try #require(try store.entity(Person.self, key: EntityKey("russellwhyte")))
        russell.age = 34
        try store.update(russell)
        try store.create(LocalQueryTests.person("newcomer", "New", "Comer", age: 20))
        return file
    }

    @Test func aDamagedFileIsNoStoreAndStaysAsItWas() throws {
        let file = try Self.storeFile()
        var generator = SeededGenerator(seed: 7)
        let bytes = Data((0..<8192).map { _ in UInt8.random(in: 0...255, using: &generator) })
        try bytes.write(to: file)
        #expect { try OfflineStore(at: file, client: nil, definingQueries: [Self.people]) } throws: { error in
            guard case .notAStore(let path, _) = error as? OfflineStoreError else { return false }
            return path == file.path
        }
        #expect(try Data(contentsOf: file) == bytes)
    }

    @Test func anotherApplicationsDatabaseIsLeftAlone() throws {
        let file = try Self.storeFile()
        let other = try DatabaseQueue(path: file.path)
        try other.write { db in
            try db.execute(
                sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT); INSERT INTO notes VALUES (1, 'x')"
            )
        }
        try other.close()
        #expect { try OfflineStore(at: file, client: nil, definingQueries: [Self.people]) } throws: { error in
            "\(error)".contains("another application")
        }
        let reopened = try DatabaseQueue(path: file.path)
        #expect(try reopened.read { db in try db.tableExists("entity_Person") } == false)
        #expect(try reopened.read { db in try String.fetchOne(db, sql: "SELECT text FROM notes") } == "x")
    }

    @Test func aStoreOfALaterFormatIsRefused() throws {
        let file = try Self.storeWithPendingChanges()
        let database = try DatabaseQueue(path: file.path)
        try database.write { db in try db.execute(sql: "PRAGMA user_version = 99") }
        try database.close()
        #expect { try OfflineStore(at: file, client: nil, definingQueries: [Self.people]) } throws: { error in
            "\(error)".contains("store format 99")
        }
    }

    @Test func aModelThatAddedAnAttributeMigratesInPlace() throws {
        let file = try Self.storeWithPendingChanges()
        // The store as a model without MiddleName left it.
        let database = try DatabaseQueue(path: file.path)
        try database.write { db in try db.execute(sql: "ALTER TABLE \"entity_Person\" DROP COLUMN \"MiddleName\"") }
        try database.close()
        let store = try OfflineStore(at: file, client: nil, definingQueries: [Self.people])
        #expect(try store.pendingRequests().map(\.method) == [.update, .create])
        #expect(try store.count(Query<Person>()) == 3)
        let scott = try #require(try store.entity(Person.self, key: EntityKey("scottketchum")))
        scott.middleName = "Q"
        try store.update(scott)
        #expect(try store.entity(Person.self, key: EntityKey("scottketchum"))?.middleName == "Q")
    }

    @Test func membershipsOfAnEarlierFormatMoveToTheirKeyByRecord() throws {
        let file = try Self.storeWithPendingChanges()
        // The store as a build before memberships were keyed by record left it.
        let database = try DatabaseQueue(path: file.path)
        try database.write { db in
            try db.execute(
                sql: """
                    DROP TABLE "$members";
                    CREATE TABLE "$members" (query TEXT NOT NULL, table_name TEXT NOT NULL, entity_key TEXT NOT NULL, \
                    generation INTEGER NOT NULL, PRIMARY KEY (query, table_name, entity_key)) WITHOUT ROWID;
                    CREATE INDEX "$members_record" ON "$members" (table_name, entity_key);
                    INSERT INTO "$members" VALUES ('people', 'entity_Person', '(''russellwhyte'')', 3),
                        ('people', 'entity_Person', '(''scottketchum'')', 3),
                        ('others', 'entity_Person', '(''scottketchum'')', 1);
                    DELETE FROM grdb_migrations WHERE identifier LIKE '3:%';
                    """
            )
        }
        try database.close()
        let store = try OfflineStore(at: file, client: nil, definingQueries: [Self.people])
        #expect(try store.pendingRequests().map(\.method) == [.update, .create])
        let reopened = try DatabaseQueue(path: file.path)
        let (members, definition, oldIndex) = try reopened.read { db in
            (
                try Row.fetchAll(db, sql: "SELECT * FROM \"$members\" ORDER BY entity_key, query")
                    .map { "\($0["query"] as String) \($0["entity_key"] as String) \($0["generation"] as Int)" },
                try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = '$members'") ?? "",
                try Bool.fetchOne(db, sql: "SELECT 1 FROM sqlite_master WHERE name = '$members_record'") ?? false
            )
        }
        #expect(members == ["people ('russellwhyte') 3", "others ('scottketchum') 1", "people ('scottketchum') 3"])
        #expect(definition.contains("PRIMARY KEY (table_name, entity_key, query)"))
        #expect(!oldIndex)
    }

    @Test func aModelThatChangedATypeRebuildsTheTableAndReplaysThePendingChanges() throws {
        let file = try Self.storeWithPendingChanges()
        // The store as a model where Age was a string left it.
        let database = try DatabaseQueue(path: file.path)
        try database.write { db in
            try db.execute(sql: "ALTER TABLE \"entity_Person\" DROP COLUMN \"Age\"")
            try db.execute(sql: "ALTER TABLE \"entity_Person\" ADD COLUMN \"Age\" TEXT")
        }
        try database.close()
        let store = try OfflineStore(at: file, client: nil, definingQueries: [Self.people])
        #expect(try store.pendingRequests().map(\.method) == [.update, .create])
        // The downloaded records come again with the next download; the changes made here are kept meanwhile.
        #expect(try store.entity(Person.self, key: EntityKey("newcomer"))?.lastName == "Comer")
        #expect(try store.entity(Person.self, key: EntityKey("russellwhyte"))?.age == 34)
        #expect(try store.entity(Person.self, key: EntityKey("scottketchum")) == nil)
    }

    @Test func aFullDiskIsAClearErrorAndLosesNothingQueued() throws {
        let child = try #require(BuiltProducts.executable("OfflineUploadChild"), "build the package first")
        let file = try Self.storeWithPendingChanges()
        let process = Process()
        process.executableURL = child
        process.arguments = ["fill", file.path, "\(256 * 1024)"]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let error = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 3)
        #expect(error.contains("no room left"), "\(error)")
        let created = try #require(
            Int(printed.replacingOccurrences(of: "created ", with: "").trimmingCharacters(in: .whitespacesAndNewlines))
        )
        #expect(created > 0)
        let store = try OfflineStore(at: file, client: nil, definingQueries: [Self.people])
        #expect(try store.pendingRequests().count == 2 + created)
        #expect(try store.count(Query<Person>()) == 3 + created)
    }
}
