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

    /// Evaluates `query` in `store` now, and again after each commit that touches the tables it reads.
    public init(_ query: Query<T>, in store: OfflineStore) {
        self.query = query
        self.store = store
        refresh()
        let tables = (try? store.tablesRead(by: T.self, query.tree)) ?? []
        observation = DatabaseRegionObservation(tracking: tables.map { Table($0) })
            .start(
                in: store.writer,
                onError: { _ in },
                onChange: { [weak self] _ in Task { @MainActor in self?.refresh() } }
            )
    }

    /// The results now and each new list of them after, as an `AsyncSequence`; it ends when the live query goes.
    /// Each list holds entities of its own (not those of ``results``).
    public var updates: AsyncStream<[T]> {
        let (stream, continuation) = AsyncStream.makeStream(of: [T].self, bufferingPolicy: .bufferingNewest(1))
        if let current = try? store.fetch(query) { continuation.yield(current) }
        continuations.list.append(continuation)
        return stream
    }

    /// Evaluates the query again.
    public func refresh() {
        do {
            results = try store.fetch(query)
            error = nil
            for continuation in continuations.list { continuation.yield(try store.fetch(query)) }
        } catch let failure as OfflineStoreError { error = failure } catch { self.error = .database("\(error)") }
    }

    /// The streams ``updates`` handed out, finished when the live query goes (its last reference, on the main actor).
    private final class Continuations: @unchecked Sendable {
        /// Changed on the main actor only.
        var list: [AsyncStream<[T]>.Continuation] = []

        deinit { for continuation in list { continuation.finish() } }
    }
}
