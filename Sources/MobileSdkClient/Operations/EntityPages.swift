import MobileSdk

/// The pages of a query as an async sequence: each page is requested when the loop asks for it, on the loop's actor
/// (where loops call `next(isolation:)`: iOS 18, macOS 15 and later, and Linux). A value a view model can keep and
/// iterate later; ``entities`` reads it one entity at a time.
public struct EntityPages<T: Entity>: AsyncSequence, Sendable {
    public typealias Element = EntityPage<T>
    public typealias Failure = any Error

    let client: ODataClient
    /// The query, or why it could not be written (thrown by the first page's request).
    let query: Result<ODataQuery, any Error>
    let entitySet: String?
    let logicalName: String?

    /// The entities of every page, one at a time: `for try await contact in client.pages(query).entities`.
    public var entities: EntitySequence<T> { EntitySequence(pages: self) }

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

        public mutating func next() async throws -> EntityPage<T>? { try await next(isolation: nil) }
    }

    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(pages: self) }
}

/// The entities of a query across its pages, one at a time; the next page is requested when this one is used up.
public struct EntitySequence<T: Entity>: AsyncSequence, Sendable {
    public typealias Element = T
    public typealias Failure = any Error

    let pages: EntityPages<T>

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

        public mutating func next() async throws -> T? { try await next(isolation: nil) }
    }

    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(pages: pages.makeAsyncIterator()) }
}
