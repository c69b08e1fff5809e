import Foundation
import GRDB
import MobileSdk
import MobileSdkClient
import ServiceAccess

extension OfflineStore {
    /// Brings the store up to date with the service: each defining query is read by its strategy (a delta where the
    /// service tracks changes, else the whole result with a key diff), page by page, each page in one
    /// transaction. Records with changes waiting to be uploaded keep them. Reads follow the service's retry and
    /// throttling rules (the client's); cancelling the task stops between pages, leaving what was written.
    ///
    /// `progress` is told after each page written, as every ``SyncStatus`` following the store is; a whole read asks
    /// the service to count the records (`$count`, `$inlinecount`), so that the progress has a total.
    @discardableResult nonisolated(nonsending) public func download(
        progress: (@Sendable (DownloadProgress) -> Void)? = nil
    ) async throws -> DownloadReport {
        let activity = activity
        do {
            guard let service else { throw OfflineStoreError.noClient }
            var reports: [DownloadReport.QueryReport] = []
            let queryCount = definingQueries.count
            for (index, query) in definingQueries.enumerated() {
                try SyncDeadline.check()
                let report = try await download(query, service: service) { received, total, isDelta in
                    let update = DownloadProgress(
                        query: query.name,
                        queryIndex: index,
                        queryCount: queryCount,
                        receivedCount: received,
                        totalCount: total,
                        isDelta: isDelta
                    )
                    activity.post(.downloading(update))
                    progress?(update)
                }
                reports.append(report)
            }
            let report = DownloadReport(queries: reports)
            let now = Date()
            try await writing { db in try SyncTimes.record(.download, at: now, db) }
            activity.post(.downloadEnded(.success(report)))
            return report
        } catch {
            activity.post(.downloadEnded(.failure(error)))
            throw error
        }
    }

    /// Reads one defining query; `progress` is told the records received, the total where counted, and whether
    /// the read is a delta, at the start and after each page.
    private nonisolated(nonsending) func download(
        _ query: DefiningQuery,
        service: any SyncService,
        progress: @escaping @Sendable (Int, Int?, Bool) -> Void
    ) async throws -> DownloadReport.QueryReport {
        let table = try schema.table(for: query.entityType)
        let version = service.version
        let options = try query.options(version)
        let definition = URLText.path(query.entitySet) + "?" + options.queryString(version)
        var state = try await writer.read { db in try DownloadState.load(query.name, definition: definition, db) }
        var expired = false
        // A delta link of another service root is never followed: its changes are another service's.
        let moved = state.deltaLink.map { !CredentialRules.isWithin($0, serviceRoot: service.serviceRoot) } ?? false
        if moved { state.deltaLink = nil }
        progress(0, nil, state.deltaLink != nil)
        if let link = state.deltaLink {
            do {
                let (received, removed, contained, deltaLink) = try await readDelta(
                    query,
                    link: link,
                    table: table,
                    service: service,
                    generation: state.generation,
                    progress: { received, _ in progress(received, nil, true) }
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
                    serviceMoved: false,
                    receivedCount: received,
                    removedCount: removed,
                    removedContainedCount: contained
                )
            } catch let error as ODataServiceError where error.statusCode == 410 { expired = true }
        }
        return try await readAll(
            query,
            options: options,
            table: table,
            service: service,
            state: state,
            expired: expired,
            moved: moved,
            progress: { progress($0, $1, false) }
        )
    }

    /// Follows a delta link through its pages; returns the records received, removed and contained in removed ones,
    /// and the new delta link.
    private nonisolated(nonsending) func readDelta(
        _ query: DefiningQuery,
        link: String,
        table: EntityTable,
        service: any SyncService,
        generation: Int,
        progress: @escaping @Sendable (Int, Int?) -> Void
    ) async throws -> (Int, Int, Int, String) {
        let first = try await service.page(at: link, tracking: true)
        let pages = try await writePages(
            from: consume first,
            query,
            table: table,
            service: service,
            generation: generation,
            progress: progress
        ) { try await service.page(at: $0, tracking: true) }
        let deltaLink = pages.last { $0.links.deltaLink != nil }?.links.deltaLink ?? link
        return (
            pages.reduce(0) { $0 + $1.received }, pages.reduce(0) { $0 + $1.removed },
            pages.reduce(0) { $0 + $1.removedContained }, deltaLink
        )
    }

    /// What writing a page did, and the page's links.
    struct WrittenPage: Sendable {
        var received: Int
        var removed: Int
        /// Records that went with the removed ones, or from their parents' contained collections.
        var removedContained: Int
        var links: PageReading.Links
    }

    /// Writes the pages from `first` on, each in one transaction and in order; while a page is written, the next
    /// one (which `next` fetches by its link) is fetched and read. Memory holds about one page and a few batches.
    /// `progress` is told the records written after each page, and the count the service gave, if any; `afterPage`
    /// runs in each page's transaction, with the page's links.
    private nonisolated(nonsending) func writePages(
        from first: consuming ODataClient.ChangesBody,
        _ query: DefiningQuery,
        table: EntityTable,
        service: any SyncService,
        generation: Int,
        progress: @escaping @Sendable (Int, Int?) -> Void,
        afterPage: (@Sendable (Database, PageReading.Links) throws -> Void)? = nil,
        next: (String) async throws -> ODataClient.ChangesBody
    ) async throws -> [WrittenPage] {
        let (readings, sink) = AsyncStream<PageReading>.makeStream()
        let pool = BatchPool()
        let writer = Task { [self] in
            var pages: [WrittenPage] = []
            var received = 0
            var total: Int?
            var failure: (any Error)?
            // `next()` rather than `for await`, whose `next(isolation:)` needs iOS 18.
            var iterator = readings.makeAsyncIterator()
            while let reading = await iterator.next() {
                defer { reading.channel.close() }
                guard failure == nil else { continue }
                do {
                    let page = try await write(
                        reading,
                        query,
                        table: table,
                        generation: generation,
                        pool: pool,
                        afterPage: afterPage
                    )
                    pages.append(page)
                    received += page.received
                    total = total ?? page.links.totalCount
                    progress(received, total)
                } catch { failure = error }
            }
            if let failure { throw failure }
            return pages
        }
        do {
            var reading = PageReading(
                consume first,
                of: query.entityType,
                into: table,
                service: service,
                registry: registry,
                pool: pool
            )
            while true {
                sink.yield(reading)
                guard let link = await reading.pageLinks?.nextLink else { break }
                try Task.checkCancellation()
                try SyncDeadline.check()
                // The page read before is not held while the next is fetched.
                reading = PageReading(
                    try await next(link),
                    of: query.entityType,
                    into: table,
                    service: service,
                    registry: registry,
                    pool: pool
                )
            }
        } catch {
            sink.finish()
            _ = try? await writer.value
            throw error
        }
        sink.finish()
        return try await writer.value
    }

    /// Writes the page `reading` reads in one transaction, batch by batch as they come.
    private nonisolated(nonsending) func write(
        _ reading: PageReading,
        _ query: DefiningQuery,
        table: EntityTable,
        generation: Int,
        pool: BatchPool,
        afterPage: (@Sendable (Database, PageReading.Links) throws -> Void)?
    ) async throws -> WrittenPage {
        let (name, tree, schema) = (query.name, query.tree, schema)
        return try await writing { db in
            var writer = try RecordWriter(
                query: name,
                generation: generation,
                table: table,
                tree: tree,
                schema: schema,
                db
            )
            while true {
                switch reading.channel.receive() {
                case .batch(let batch):
                    try writer.write(batch)
                    pool.recycle(batch)
                case .failure(let error): throw error
                case .end(let end):
                    let removed = try writer.remove(end.removed)
                    try afterPage?(db, end.links)
                    try writer.notifyChanges()
                    return WrittenPage(
                        received: writer.writtenCount,
                        removed: removed.records,
                        removedContained: removed.contained + writer.removedContainedCount,
                        links: end.links
                    )
                }
            }
        }
    }

    /// Reads the whole result, asking for change tracking unless the service refused it before; then removes the
    /// records the result no longer holds. Each page's transaction keeps the next page's link, so that a read that
    /// stops (cancelled, out of time, the app killed) goes on from there the next time, unless its link is refused.
    private nonisolated(nonsending) func readAll(
        _ query: DefiningQuery,
        options: ODataQuery,
        table: EntityTable,
        service: any SyncService,
        state: DownloadState,
        expired: Bool,
        moved: Bool,
        progress: @escaping @Sendable (Int, Int?) -> Void
    ) async throws -> DownloadReport.QueryReport {
        var state = state
        var resumed: ODataClient.ChangesBody?
        if let resume = state.resume, CredentialRules.isWithin(resume.link, serviceRoot: service.serviceRoot) {
            // A link the service no longer takes (an expired skip token) reads the whole result again.
            do { resumed = try await service.page(at: resume.link, tracking: resume.tracked) } catch let error
                as ODataServiceError where error.statusCode < 500
            {}
        }
        let page: ODataClient.ChangesBody
        let tracked: Bool
        if let resumed, let resume = state.resume {
            (page, tracked) = (resumed, resume.tracked)
        } else {
            state.generation += 1
            (page, tracked) = try await firstPage(
                query,
                options: options,
                service: service,
                tracked: state.strategy != .fullReadWithKeyDiff
            )
        }
        let generation = state.generation
        // While the read is under way the delta link kept before no longer applies: the records of this generation
        // are written over what it would change.
        var underWay = state
        underWay.deltaLink = nil
        let (partial, fetchTracked) = (underWay, tracked)
        let pages = try await writePages(
            from: consume page,
            query,
            table: table,
            service: service,
            generation: generation,
            progress: progress,
            afterPage: { db, links in
                var saved = partial
                saved.resume = links.nextLink.map { DownloadState.Resume(link: $0, tracked: fetchTracked) }
                try saved.save(query.name, entitySet: query.entitySet, tableName: table.name, db)
            },
            next: { try await service.page(at: $0, tracking: fetchTracked) }
        )
        let received = pages.reduce(0) { $0 + $1.received }
        let deltaLink = tracked ? pages.last { $0.links.isTracked && $0.links.deltaLink != nil }?.links.deltaLink : nil
        state.deltaLink = deltaLink
        let strategy: DownloadStrategy =
            deltaLink == nil ? .fullReadWithKeyDiff : service.version == .v4 ? .deltaLink : .deltaToken
        state.strategy = strategy
        state.resume = nil
        let finalState = state
        let tables = try keyDiffTables(query)
        let schema = schema
        let removed = try await writing { db in
            try db.execute(
                sql: "DELETE FROM \"\(StoreDatabase.Tables.members)\" WHERE query = ? AND generation < ?",
                arguments: [query.name, generation]
            )
            var removed = Orphans.Removed()
            for (table, isContained) in tables {
                let went = try Orphans.removeUnheld(table: table, schema: schema, db)
                removed += isContained ? Orphans.Removed(records: 0, contained: went.records + went.contained) : went
            }
            try finalState.save(query.name, entitySet: query.entitySet, tableName: table.name, db)
            try PendingReplay.apply(schema: self.schema, registry: self.registry, db)
            return removed
        }
        return DownloadReport.QueryReport(
            name: query.name,
            strategy: strategy,
            wasDelta: false,
            deltaExpired: expired,
            serviceMoved: moved,
            receivedCount: received,
            removedCount: removed.records,
            removedContainedCount: removed.contained + pages.reduce(0) { $0 + $1.removedContained }
        )
    }

    /// The tables a full read's key diff looks at: the query's, and those of its expansions, each once, with whether
    /// its records are reached through a containing navigation property.
    private func keyDiffTables(_ query: DefiningQuery) throws -> [(EntityTable, isContained: Bool)] {
        var tables = [(try schema.table(for: query.entityType), isContained: false)]
        func walk(_ table: EntityTable, _ tree: QueryTree, contained: Bool) {
            for expansion in tree.expansions {
                guard let name = expansion.path.segments.first ?? nil, let navigation = table.navigations[name],
                    let target = try? schema.table(for: navigation.target)
                else { continue }
                let isContained = contained || navigation.isContained
                if !tables.contains(where: { $0.0.name == target.name }) { tables.append((target, isContained)) }
                walk(target, expansion.tree, contained: isContained)
            }
        }
        walk(tables[0].0, query.tree, contained: false)
        return tables
    }

    /// The first page of a whole read, and whether it was asked with change tracking (when `tracked`). It asks for
    /// the records' count too, for the progress. What the service refuses (400 Bad Request) is asked again without:
    /// the count first, then change tracking, which Dataverse refuses with `$filter`, `$orderby`, `$expand` or `$top`.
    private nonisolated(nonsending) func firstPage(
        _ query: DefiningQuery,
        options: ODataQuery,
        service: any SyncService,
        tracked: Bool
    ) async throws -> (ODataClient.ChangesBody, tracked: Bool) {
        var counted = options
        counted.count = true
        let attempts = (tracked ? [(true, counted), (true, options)] : []) + [(false, counted), (false, options)]
        for (tracking, options) in attempts.dropLast() {
            do {
                return (try await firstPage(query, options: options, service: service, tracked: tracking), tracking)
            } catch let error as ODataServiceError where error.statusCode == 400 { continue }
        }
        return (try await firstPage(query, options: options, service: service, tracked: false), false)
    }

    private nonisolated(nonsending) func firstPage(
        _ query: DefiningQuery,
        options: ODataQuery,
        service: any SyncService,
        tracked: Bool
    ) async throws -> ODataClient.ChangesBody {
        let options = options.queryString(service.version)
        let path = URLText.path(query.entitySet) + (options.isEmpty ? "" : "?" + options)
        return try await service.page(at: path, tracking: tracked)
    }
}
