import Foundation
import MobileSdk

/// Requests sent together as one `$batch`, each with a typed result. Reads stand on their own; writes go in change
/// sets, which the service applies all or nothing, and a later write of a change set may refer to an entity an
/// earlier one creates.
///
///     let batch = client.makeBatch()
///     let account = try batch.retrieve(Account.self, id: accountId)
///     let changes = batch.changeSet()
///     let order = try changes.create(salesOrder)
///     try changes.create(orderLine, linking: ["salesorderid": order])
///     let results = try await batch.send()
///     let loaded = try results[account]          // Account
///     let created = try results[order]           // EntityLocation, and salesOrder has its id
///
/// Build and send a batch on one actor (it is not `Sendable`); each request is built when it is added, so that a
/// mistake (an entity without a key, say) throws there.
public final class ODataBatch {
    let client: ODataClient
    private(set) var entries: [BatchEntry] = []
    /// After a success, what the entry's request changes of the entity it was built from (its id, its ETag).
    private(set) var onSuccess: [Int: (HTTPResponse) -> Void] = [:]
    private(set) var segments: [(isChangeSet: Bool, indices: [Int])] = []
    private var nextContentID = 1

    init(client: ODataClient) { self.client = client }

    // MARK: Reads (on their own)

    /// The entity with this key, as ``ODataClient/retrieve(_:key:select:expand:entitySet:logicalName:)`` reads it.
    @discardableResult public func retrieve<T: Entity>(
        _ type: T.Type,
        key: EntityKey,
        select: [String] = [],
        expand: [String] = [],
        entitySet: String? = nil
    ) throws -> BatchItem<T> {
        let request = try client.readRequest(type, key: key, select: select, expand: expand, entitySet: entitySet)
        return add(BatchEntry(request: request)) { client, response, request in
            try client.decoding(request) { try client.decoder.decodeEntity(type, from: response.body) }
        }
    }

    /// The entity with this GUID key.
    @discardableResult public func retrieve<T: Entity>(
        _ type: T.Type,
        id: UUID,
        select: [String] = [],
        expand: [String] = []
    ) throws -> BatchItem<T> { try retrieve(type, key: .id(id), select: select, expand: expand) }

    /// The first page of a query, as ``ODataClient/retrieveMultiple(_:query:entitySet:logicalName:)`` reads it.
    @discardableResult public func retrieveMultiple<T: Entity>(
        _ type: T.Type,
        query: ODataQuery = ODataQuery(),
        entitySet: String? = nil
    ) throws -> BatchItem<EntityPage<T>> {
        let set = try client.entitySetName(type, entitySet)
        let options = query.queryString(client.version)
        let request = try client.request("GET", URLText.path(set) + (options.isEmpty ? "" : "?" + options))
        return add(BatchEntry(request: request)) { client, response, request in
            EntityPage(try client.decoding(request) { try client.decoder.decodeCollection(type, from: response.body) })
        }
    }

    /// A function (or, outside a change set, an action) through its generated request type.
    @discardableResult public func invoke<Operation: ODataOperation>(_ operation: Operation) throws -> BatchItem<
        Operation.Response
    > {
        let request = try client.operationRequest(operation.call)
        return add(BatchEntry(request: request)) { client, response, request in
            try client.operationResponse(Operation.self, response, request: request)
        }
    }

    /// A request of your own; its result is the response.
    @discardableResult public func send(_ request: HTTPRequest) -> BatchItem<HTTPResponse> {
        add(BatchEntry(request: request)) { _, response, _ in response }
    }

    // MARK: Change sets

    /// A new change set: the writes added to it succeed or fail together, in the order added.
    public func changeSet() -> BatchChangeSet {
        segments.append((isChangeSet: true, indices: []))
        return BatchChangeSet(batch: self, segment: segments.count - 1)
    }

    /// Adds a request on its own, or (with `segment`) to that change set with the next Content-ID.
    func add<Value>(
        _ entry: BatchEntry,
        segment: Int? = nil,
        onSuccess: ((HTTPResponse) -> Void)? = nil,
        read: @escaping (ODataClient, HTTPResponse, HTTPRequest) throws -> Value
    ) -> BatchItem<Value> {
        var entry = entry
        let index = entries.count
        if let segment {
            entry.contentID = nextContentID
            nextContentID += 1
            segments[segment].indices.append(index)
        } else {
            segments.append((isChangeSet: false, indices: [index]))
        }
        entries.append(entry)
        self.onSuccess[index] = onSuccess
        return BatchItem(index: index, contentID: entry.contentID, read: read)
    }

    // MARK: Sending

    /// Sends the batch. Without `continueOnError` the service stops at the first request or change set that fails, and
    /// the results of those after it throw ``ODataClientError/notExecuted(request:)``; with it (OData v4's
    /// `Prefer: odata.continue-on-error`) it carries on. Either way a failed part does not make `send` throw: its
    /// result does, with the service's error. Entities created or updated by succeeding parts take their id, ETag and
    /// accepted changes as ``ODataClient/create(_:entitySet:)`` and ``ODataClient/update(_:entitySet:)`` give them.
    nonisolated(nonsending) public func send(continueOnError: Bool = false) async throws -> BatchResults {
        let groups = try await client.sendBatch(
            segments.map { segment in (segment.isChangeSet, segment.indices.map { entries[$0] }) },
            continueOnError: continueOnError
        )
        var responses = [HTTPResponse?](repeating: nil, count: entries.count)
        for (segment, group) in zip(segments, groups) {
            for (index, response) in Self.match(segment.indices.map { entries[$0] }, segment.indices, group) {
                responses[index] = response
            }
        }
        for (index, response) in responses.enumerated() {
            if let response, (200..<300).contains(response.statusCode) { onSuccess[index]?(response) }
        }
        return BatchResults(client: client, requests: entries.map(\.request), responses: responses)
    }

    /// The responses of one segment's requests: by Content-ID when the service echoes them, else in order; the one
    /// error of a change set that failed as a whole goes to each of its requests.
    private static func match(_ entries: [BatchEntry], _ indices: [Int], _ parts: [MultipartBody.Part]) -> [(
        Int, HTTPResponse
    )] {
        if entries.count > 1, parts.count == 1, let failure = parts.first, failure.response.statusCode >= 400 {
            return indices.map { ($0, failure.response) }
        }
        let byContentID = Dictionary(parts.compactMap { part in part.contentID.map { ($0, part.response) } }) {
            first,
            _ in first
        }
        if entries.allSatisfy({ $0.contentID.map { byContentID["\($0)"] != nil } ?? false }) {
            return zip(indices, entries)
                .compactMap { index, entry in entry.contentID.flatMap { byContentID["\($0)"] }.map { (index, $0) } }
        }
        return zip(indices, parts).map { ($0, $1.response) }
    }
}

/// A typed handle on one request of an ``ODataBatch``: read its result from ``BatchResults``; within a change set,
/// refer to what a create made (``BatchChangeSet/create(_:entitySet:linking:)``).
public struct BatchItem<Value> {
    let index: Int
    /// The request's `Content-ID` within its change set.
    let contentID: Int?
    let read: (ODataClient, HTTPResponse, HTTPRequest) throws -> Value

    /// `$1`: how later requests of the change set name what this one created.
    var reference: String? { contentID.map { "$\($0)" } }
}

/// The results of a sent ``ODataBatch``, one per request.
public struct BatchResults {
    let client: ODataClient
    let requests: [HTTPRequest]
    /// By request; nil for those the service did not execute.
    let responses: [HTTPResponse?]

    /// The request's result, decoded; throws the service's ``ODataServiceError`` when it failed (in a change set that
    /// failed, every request throws the change set's error) and ``ODataClientError/notExecuted(request:)`` when the
    /// service stopped before it.
    public subscript<Value>(item: BatchItem<Value>) -> Value {
        get throws {
            let request = requests[item.index]
            guard let response = responses[item.index] else {
                throw ODataClientError.notExecuted(request: request.summary)
            }
            guard (200..<400).contains(response.statusCode) else {
                throw ODataServiceError(response: response, request: request)
            }
            return try item.read(client, response, request)
        }
    }

    /// The HTTP status of each request in the order added; nil for those not executed.
    public var statusCodes: [Int?] { responses.map { $0?.statusCode } }
}

extension ODataClient {
    /// A new, empty batch of requests to this client's service.
    public func makeBatch() -> ODataBatch { ODataBatch(client: self) }
}
