import Foundation
import GRDB

/// What the store remembers of a defining query between downloads.
struct DownloadState: Sendable {
    /// The request path and options the records were read with; a changed definition reads everything again.
    var definition: String
    var deltaLink: String?
    var strategy: DownloadStrategy?
    /// Counts full reads: the records the last one returned are the members of this generation.
    var generation: Int
    /// Where a whole read that stopped between pages goes on: the next page's link, and whether the read tracks
    /// changes. Its pages so far are members of ``generation``.
    var resume: Resume?

    /// The next page of a whole read that stopped.
    struct Resume: Sendable, Hashable {
        var link: String
        var tracked: Bool
    }

    private static let table = "\"\(StoreDatabase.Tables.queries)\""

    /// The state of the query `name`, or a fresh one for `definition`.
    static func load(_ name: String, definition: String, _ db: Database) throws -> DownloadState {
        guard let row = try Row.fetchOne(db, sql: "SELECT * FROM \(table) WHERE name = ?", arguments: [name]) else {
            return DownloadState(definition: definition, deltaLink: nil, strategy: nil, generation: 0)
        }
        var state = DownloadState(
            definition: row["definition"],
            deltaLink: row["delta_link"],
            strategy: (row["strategy"] as String?).flatMap(DownloadStrategy.init(rawValue:)),
            generation: row["generation"],
            resume: (row["resume_link"] as String?).map { Resume(link: $0, tracked: row["resume_tracked"] ?? false) }
        )
        if state.definition != definition {
            state.definition = definition
            state.deltaLink = nil
            state.strategy = nil
            state.resume = nil
        }
        return state
    }

    /// Saves the state of the query `name`, which reads records into `tableName` from `entitySet`.
    func save(_ name: String, entitySet: String, tableName: String, _ db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO \(Self.table) (name, entity_set, table_name, definition, delta_link, strategy, generation,
                downloaded_at, resume_link, resume_tracked) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT(name) DO UPDATE SET entity_set = excluded.entity_set, table_name = excluded.table_name,
                definition = excluded.definition, delta_link = excluded.delta_link, strategy = excluded.strategy,
                generation = excluded.generation, downloaded_at = excluded.downloaded_at,
                resume_link = excluded.resume_link, resume_tracked = excluded.resume_tracked
                """,
            arguments: [
                name, entitySet, tableName, definition, deltaLink, strategy?.rawValue, generation,
                Date().timeIntervalSinceReferenceDate, resume?.link, resume?.tracked,
            ]
        )
    }

    /// Forgets every delta link and stopped read, so that the next download reads everything (after tables were
    /// rebuilt).
    static func forgetDeltaLinks(_ db: Database) throws {
        try db.execute(sql: "UPDATE \(table) SET delta_link = NULL, resume_link = NULL")
    }
}
