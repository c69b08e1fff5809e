import Foundation
import GRDB
import MobileSdk
import MobileSdkClient

extension OfflineStore {
    /// Brings the store up to date with the service: each defining query is read by its strategy (a delta where the
    /// service tracks changes, else the whole result with a key diff), page by page, each page in one
    /// transaction. Records with changes waiting to be uploaded keep them. Reads follow the client's retry and
    /// throttling rules; cancelling the task stops between pages, leaving what was written.
    @discardableResult nonisolated(nonsending) public func download(
        progress: (@Sendable (DownloadProgress) -> Void)? = nil
    ) async throws -> DownloadReport {
        guard let client else { throw OfflineStoreError.noClient }
        var reports: [DownloadReport.QueryReport] = []
        for (index, query) in definingQueries.enumerated() {
            let report = try await download(query, client: client) { received in
                progress?(
                    DownloadProgress(
                        query: query.name,
                        queryIndex: index,
                        queryCount: definingQueries.count,
                        receivedCount: received
                    )
                )
            }
            reports.append(report)
        }
        return DownloadReport(queries: reports)
    }

    private nonisolated(nonsending) func download(_ query: DefiningQuery, client: ODataClient, progress: (Int) -> Void)
        async throws -> DownloadReport.QueryReport
    {
        let table = try schema.table(for: query.entityType)
        let version = client.configuration.version
        let options = try query.options(version)
        let definition = URLText.path(query.entitySet) + "?" + options.queryString(version)
        var state = try await writer.read { db in try DownloadState.load(query.name, definition: definition, db) }
        var expired = false
        if let link = state.deltaLink {
            do {
                let (received, removed, deltaLink) = try await readDelta(
                    query,
                    link: link,
                    table: table,
                    client: client,
                    generation: state.generation,
                    progress: progress
                )
                state.deltaLink = deltaLink
                let finalState = state
                try await writing { db in
                    try finalState.save(query.name, entitySet: query.entitySet, tableName: table.name, db)
                    try PendingReplay.apply(schema: self.schema, registry: self.registry, db)
                }
                return DownloadReport.QueryReport(
                    name: query.name,
                    strategy: state.strategy ?? .deltaLink,
                    wasDelta: true,
                    deltaExpired: false,
                    receivedCount: received,
                    removedCount: removed
                )
            } catch let error as ODataServiceError where error.statusCode == 410 { expired = true }
        }
        return try await readAll(
            query,
            options: options,
            table: table,
            client: client,
            state: state,
            expired: expired,
            progress: progress
        )
    }

    /// Follows a delta link through its pages; returns the records received and removed and the new delta link.
    private nonisolated(nonsending) func readDelta(
        _ query: DefiningQuery,
        link: String,
        table: EntityTable,
        client: ODataClient,
        generation: Int,
        progress: (Int) -> Void
    ) async throws -> (Int, Int, String) {
        var next: String? = link
        var received = 0
        var removed = 0
        var deltaLink = link
        while let path = next {
            try Task.checkCancellation()
            let page = try await client.changes(query.entityType, link: path)
            let write = try PageWrite(page.collection, table: table, tree: query.tree, schema: schema)
            removed += try await writing { db in try write.apply(query: query.name, generation: generation, db) }
            received += write.receivedCount
            progress(received)
            next = page.collection.nextLink
            if let link = page.collection.deltaLink { deltaLink = link }
        }
        return (received, removed, deltaLink)
    }

    /// Reads the whole result, asking for change tracking unless the service refused it before; then removes the
    /// records the result no longer holds.
    private nonisolated(nonsending) func readAll(
        _ query: DefiningQuery,
        options: ODataQuery,
        table: EntityTable,
        client: ODataClient,
        state: DownloadState,
        expired: Bool,
        progress: (Int) -> Void
    ) async throws -> DownloadReport.QueryReport {
        var state = state
        state.generation += 1
        let generation = state.generation
        var tracked = state.strategy != .fullReadWithKeyDiff
        var page: ODataClient.ChangesPage
        do { page = try await firstPage(query, options: options, client: client, tracked: tracked) } catch let error
            as ODataServiceError where tracked && error.statusCode == 400
        {
            // Dataverse refuses change tracking with $filter, $orderby, $expand or $top: read without it.
            tracked = false
            page = try await firstPage(query, options: options, client: client, tracked: false)
        }
        var received = 0
        var deltaLink: String?
        while true {
            let write = try PageWrite(page.collection, table: table, tree: query.tree, schema: schema)
            _ = try await writing { db in try write.apply(query: query.name, generation: generation, db) }
            received += write.receivedCount
            progress(received)
            if page.isTracked, let link = page.collection.deltaLink { deltaLink = link }
            guard let next = page.collection.nextLink else { break }
            try Task.checkCancellation()
            page = try await client.changes(query.entityType, link: next, tracking: tracked)
        }
        state.deltaLink = deltaLink
        let strategy: DownloadStrategy =
            deltaLink == nil ? .fullReadWithKeyDiff : client.configuration.version == .v4 ? .deltaLink : .deltaToken
        state.strategy = strategy
        let finalState = state
        let tables = try tablesRead(by: query.entityType, query.tree).filter { $0 != StoreDatabase.Tables.links }
        let removed = try await writing { db in
            try db.execute(
                sql: "DELETE FROM \"\(StoreDatabase.Tables.members)\" WHERE query = ? AND generation < ?",
                arguments: [query.name, generation]
            )
            var removed = 0
            for name in tables { removed += try Orphans.removeUnheld(table: name, db) }
            try finalState.save(query.name, entitySet: query.entitySet, tableName: table.name, db)
            try PendingReplay.apply(schema: self.schema, registry: self.registry, db)
            return removed
        }
        return DownloadReport.QueryReport(
            name: query.name,
            strategy: strategy,
            wasDelta: false,
            deltaExpired: expired,
            receivedCount: received,
            removedCount: removed
        )
    }

    private nonisolated(nonsending) func firstPage(
        _ query: DefiningQuery,
        options: ODataQuery,
        client: ODataClient,
        tracked: Bool
    ) async throws -> ODataClient.ChangesPage {
        if tracked {
            return try await client.trackChanges(query.entityType, query: options, entitySet: query.entitySet)
        }
        let path = URLText.path(query.entitySet) + "?" + options.queryString(client.configuration.version)
        var page = try await client.changes(query.entityType, link: path, tracking: false)
        page.isTracked = false
        return page
    }
}
