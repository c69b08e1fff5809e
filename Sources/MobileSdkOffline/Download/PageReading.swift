import Foundation
import MobileSdk
import MobileSdkClient

/// A page of a download read on a thread of its own: its records go into ``RecordBatch``es (from `pool`) for the
/// transaction that writes them (through ``channel``), and its links are known as soon as the reading ends, so that the next page can
/// be fetched and read while this one is still being written.
final class PageReading: Sendable {
    /// What a page says besides its records.
    struct Links: Sendable {
        /// The next page's link, absolute, on the service's host.
        var nextLink: String?
        var deltaLink: String?
        /// Whether the service tracked changes for the page.
        var isTracked: Bool
        /// The records the query reads, where the service counted them all (not where it stopped at a limit).
        var totalCount: Int?
    }

    let channel = BatchChannel()
    private let links = OneShot<Links?>()

    /// Starts reading `page`, a page of records of `type` for `table`, with the classes of `registry` (the store's:
    /// the one its uploads encode with).
    init(
        _ page: ODataClient.ChangesBody,
        of type: Entity.Type,
        into table: EntityTable,
        service: any SyncService,
        registry: EntityRegistry,
        pool: BatchPool
    ) {
        let decoder = ODataJSONDecoder(version: service.version, registry: registry)
        let serviceRoot = service.serviceRoot
        let (channel, links) = (channel, links)
        let held = HeldPage(page)
        DispatchQueue.global(qos: .userInitiated)
            .async {
                // The page's bytes go as soon as it is read, before the next page is fetched.
                let pageLinks = held.take()
                    .flatMap { page in
                        Self.read(
                            page,
                            of: type,
                            into: table,
                            decoder: decoder,
                            serviceRoot: serviceRoot,
                            pool: pool,
                            channel: channel
                        )
                    }
                links.fulfill(pageLinks)
            }
    }

    /// Reads `page` into batches sent to `channel`, then its end (or the failure); its links, or nil when the
    /// reading failed or the writer stopped taking batches.
    private static func read(
        _ page: ODataClient.ChangesBody,
        of type: Entity.Type,
        into table: EntityTable,
        decoder: ODataJSONDecoder,
        serviceRoot: URL,
        pool: BatchPool,
        channel: BatchChannel
    ) -> Links? {
        do {
            var encoder = RecordEncoder(table: table, version: decoder.version, channel: channel, pool: pool)
            var collection = try page.decode { body in
                try decoder.decodeRecords(type, from: body, delta: true, into: &encoder)
            }
            try page.resolveLinks(in: &collection, serviceRoot: serviceRoot)
            let links = Links(
                nextLink: collection.nextLink,
                deltaLink: collection.deltaLink,
                isTracked: page.preferenceApplied || collection.deltaLink != nil,
                totalCount: collection.totalRecordCountLimitExceeded ? nil : collection.totalRecordCount
            )
            guard encoder.flush(),
                channel.send(.end(BatchChannel.PageEnd(links: links, removed: collection.removedEntities)))
            else { return nil }
            return links
        } catch {
            channel.send(.failure(error))
            return nil
        }
    }

    /// The page's links once it is read; nil when the reading failed or the writer stopped taking its records.
    var pageLinks: Links? { get async { await links.value } }
}

/// A value set once by one thread and awaited by a task.
final class OneShot<Value: Sendable>: @unchecked Sendable {
    private enum State {
        case waiting(CheckedContinuation<Value, Never>?)
        case set(Value)
    }

    private let lock = NSLock()
    private var state = State.waiting(nil)

    /// Sets the value (once; later calls do nothing) and wakes the task awaiting it.
    func fulfill(_ value: Value) {
        lock.lock()
        guard case .waiting(let waiter) = state else { return lock.unlock() }
        state = .set(value)
        lock.unlock()
        waiter?.resume(returning: value)
    }

    /// The value, once set.
    var value: Value {
        get async {
            await withCheckedContinuation { continuation in
                lock.lock()
                switch state {
                case .set(let value):
                    lock.unlock()
                    continuation.resume(returning: value)
                case .waiting:
                    state = .waiting(continuation)
                    lock.unlock()
                }
            }
        }
    }
}

/// A page handed to the reading thread, which takes it out so that nothing else keeps its bytes.
private final class HeldPage: @unchecked Sendable {
    private var page: ODataClient.ChangesBody?

    init(_ page: ODataClient.ChangesBody) { self.page = page }

    /// The page, once; the holder keeps nothing after.
    func take() -> ODataClient.ChangesBody? {
        defer { page = nil }
        return page
    }
}
