import MobileSdk

/// The pages of a query as an async sequence: each page is requested when the loop asks for it, on the loop's actor
/// (where loops call `next(isolation:)`: iOS 18, macOS 15 and later, and Linux). A value a view model can keep and
/// iterate later; ``entities`` reads it one entity at a time.
public struct EntityPages<T: Entity>: AsyncSequence, Sendable {
    /// Each element is one page of results.
    public typealias Element = EntityPage<T>
    /// Any error a page's request throws, such as ``ODataServiceError`` or ``ODataClientError``.
    public typealias Failure = any Error

    let client: ODataClient
    /// The query, or why it could not be written (thrown by the first page's request).
    let query: Result<ODataQuery, any Error>
    let entitySet: String?
    let logicalName: String?

    /// The entities of every page, one at a time: `for try await contact in client.pages(query).entities`.
    public var entities: EntitySequence<T> { EntitySequence(pages: self) }

    /// Requests the query's first page, then each page's ``EntityPage/nextLink`` until a page has none.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let pages: EntityPages
        var previous: EntityPage<T>?
        var started = false

        /// The next page, requested on the caller's actor.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws -> EntityPage<T>? {
            if !started {
                started = true
                previous = try await pages.client.retrieveMultiple(
                    T.self,
                    query: pages.query.get(),
                    entitySet: pages.entitySet,
                    logicalName: pages.logicalName
                )
                return previous
            }
            guard let last = previous, last.nextLink != nil else { return nil }
            previous = try await pages.client.nextPage(after: last, logicalName: pages.logicalName)
            return previous
        }

        /// The next page, or nil after the last; as `next(isolation: nil)`, for loops that do not pass their actor.
        public mutating func next() async throws -> EntityPage<T>? { try await next(isolation: nil) }
    }

    /// A new iterator, which requests the pages again from the first.
    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(pages: self) }
}

/// The entities of a query across its pages, one at a time; the next page is requested when this one is used up.
public struct EntitySequence<T: Entity>: AsyncSequence, Sendable {
    /// Each element is one entity of class `T`.
    public typealias Element = T
    /// Any error a page's request throws, such as ``ODataServiceError`` or ``ODataClientError``.
    public typealias Failure = any Error

    let pages: EntityPages<T>

    /// Hands out each page's entities in order, requesting the next page when they are used up.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var pages: EntityPages<T>.AsyncIterator
        /// The rest of the current page, last entity first.
        var pending: [T] = []

        /// The next entity, its page requested on the caller's actor when needed.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws -> T? {
            while pending.isEmpty {
                guard let page = try await pages.next(isolation: actor) else { return nil }
                pending = page.entities.reversed()
            }
            return pending.popLast()
        }

        /// The next entity, or nil after the last page's last; as `next(isolation: nil)`.
        public mutating func next() async throws -> T? { try await next(isolation: nil) }
    }

    /// A new iterator, which requests the pages again from the first.
    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(pages: pages.makeAsyncIterator()) }
}
