import Foundation
import GRDB
import MobileSdk
import Observation

/// A query whose results follow the store: a download, an upload or a local write that changes what the query
/// returns gives new ``results``, as SwiftData's `@Query` does for a view.
///
/// ```swift
/// struct PeopleView: View {
///     @State private var people: LiveQuery<Person>
///
///     init(store: OfflineStore) {
///         _people = State(initialValue: LiveQuery(Query<Person>().orderBy(\.lastName), in: store))
///     }
///
///     var body: some View { List(people.results, id: \.id) { Text($0.lastName ?? "") } }
/// }
/// ```
///
/// The query is evaluated again after each commit that touches what its SQL reads: the tables and columns of its
/// class, and of the related records and links its filter, orderings and expansions go through. Each evaluation
/// runs once, off the main actor, for ``results`` and every ``updates`` stream together.
///
/// Outside SwiftUI, ``updates`` gives the same results as an `AsyncSequence`.
@MainActor @Observable public final class LiveQuery<T: Entity> {
    /// The records the query matches now.
    public private(set) var results: [T] = []
    /// Why the last evaluation failed, if it did (the results stay as they were).
    public private(set) var error: OfflineStoreError?

    @ObservationIgnored private let query: Query<T>
    @ObservationIgnored private let store: OfflineStore
    @ObservationIgnored private let continuations = Continuations()
    @ObservationIgnored private var observation: AnyDatabaseCancellable?
    /// How many times the query was evaluated: a test's view of the observation.
    @ObservationIgnored let evaluations = EvaluationCount()
    /// The number of the evaluation ``results`` come from.
    @ObservationIgnored private var received = 0

    /// Evaluates `query` in `store` now, and again after each commit that touches what it reads.
    public init(_ query: Query<T>, in store: OfflineStore) {
        self.query = query
        self.store = store
        observe(immediately: true)
    }

    /// The results now and each new list of them after, as an `AsyncSequence`; it ends when the live query goes.
    /// Each list holds entities of its own (not those of ``results``); the first is read from the store as the
    /// stream is made, the later ones are copies of each evaluation's results.
    public var updates: AsyncStream<[T]> {
        let (stream, continuation) = AsyncStream.makeStream(of: [T].self, bufferingPolicy: .bufferingNewest(1))
        if let current = try? store.fetch(query) { continuation.yield(current) }
        continuations.list.append(continuation)
        return stream
    }

    /// Evaluates the query again, off the main actor; ``results`` and ``updates`` get what it returns.
    public func refresh() { observe(immediately: false) }

    /// Observes the region the query's statements read, then evaluates the query at once (`immediately`, on the
    /// main actor) or off it. After each commit that touches the region the query is evaluated again on a reader
    /// (on the writer's queue for a store in memory), off the main actor, and the result comes here.
    private func observe(immediately: Bool) {
        observation?.cancel()
        let (store, tree, evaluations) = (store, query.tree, evaluations)
        @Sendable func evaluate(_ db: Database) -> Evaluation {
            // Numbered inside the read: an evaluation that starts later sees the store as new or newer.
            let number = evaluations.increment()
            return Evaluation(number, Result { try Self.evaluate(tree, in: store, db) }.mapError(OfflineStoreError.of))
        }
        let evaluateAndDeliver: @Sendable () -> Void = { [weak self] in
            store.writer.asyncRead { db in
                let evaluation: Evaluation
                switch db {
                case .success(let db): evaluation = evaluate(db)
                case .failure(let error):
                    evaluation = Evaluation(evaluations.increment(), .failure(OfflineStoreError.of(error)))
                }
                Task { @MainActor in self?.receive(evaluation) }
            }
        }
        // Started first, so that no commit falls between the evaluation and the observation.
        observation = DatabaseRegionObservation(tracking: QueryRegion(store: store, type: T.self, tree: tree))
            .start(
                in: store.writer,
                onError: { [weak self] error in Task { @MainActor in self?.error = OfflineStoreError.of(error) } },
                onChange: { _ in evaluateAndDeliver() }
            )
        guard immediately else { return evaluateAndDeliver() }
        do { receive(try store.writer.read(evaluate)) } catch { self.error = OfflineStoreError.of(error) }
    }

    private func receive(_ evaluation: Evaluation) {
        // Deliveries are tasks, which the main actor may run out of order: an older evaluation changes nothing.
        guard evaluation.number > received else { return }
        received = evaluation.number
        switch evaluation.outcome {
        case .success(let entities):
            results = entities
            error = nil
            for continuation in continuations.list { Self.yield(copiesOf: entities, to: continuation) }
        case .failure(let failure): error = failure
        }
    }

    private nonisolated static func evaluate(_ tree: QueryTree, in store: OfflineStore, _ db: Database) throws -> [T] {
        try LocalQuery(schema: store.schema, registry: store.registry).entities(T.self, tree, db)
            .compactMap { $0 as? T }
    }

    /// Hands the stream entities of its own, with the state of `entities`.
    private static func yield(copiesOf entities: [T], to continuation: AsyncStream<[T]>.Continuation) {
        // Made here and referenced by nothing else: the stream's reader is their only user.
        nonisolated(unsafe) let copies = entities.map { copy($0) }
        continuation.yield(copies)
    }

    private static func copy<E: Entity>(_ entity: E) -> E {
        let duplicate = type(of: entity).init()
        duplicate.reload(from: entity)
        for (name, var related) in entity.relatedEntities {
            related.entities = related.entities.map { copy($0) }
            duplicate.relatedEntities[name] = related
        }
        return duplicate
    }

    /// One evaluation's outcome, handed from the fetch to the main actor.
    ///
    /// `@unchecked`: the entities are made by the fetch, which keeps no reference to them, and reach the main actor
    /// once, where alone they are used.
    private struct Evaluation: @unchecked Sendable {
        /// Its place among the live query's evaluations, from 1.
        let number: Int
        let outcome: Result<[T], OfflineStoreError>

        init(_ number: Int, _ outcome: Result<[T], OfflineStoreError>) {
            self.number = number
            self.outcome = outcome
        }
    }

    /// The streams ``updates`` handed out, finished when the live query goes (its last reference, on the main actor).
    private final class Continuations: @unchecked Sendable {
        /// Changed on the main actor only.
        var list: [AsyncStream<[T]>.Continuation] = []

        deinit { for continuation in list { continuation.finish() } }
    }
}

/// What a query's statements read, whatever the data: the region its live query observes.
private struct QueryRegion: DatabaseRegionConvertible {
    let store: OfflineStore
    let type: Entity.Type
    let tree: QueryTree

    func databaseRegion(_ db: Database) throws -> DatabaseRegion {
        try LocalQuery(schema: store.schema, registry: store.registry).region(type, tree, db)
    }
}

/// A count of evaluations, safe from any thread.
final class EvaluationCount: @unchecked Sendable {
    private let lock = NSLock()
    /// Read and changed under `lock` only.
    private var count = 0

    /// The evaluations so far.
    var value: Int { lock.withLock { count } }

    /// Counts one more evaluation, and returns the count.
    func increment() -> Int {
        lock.withLock {
            count += 1
            return count
        }
    }
}
