import MobileSdk
import MobileSdkOffline

/// How long a store takes for a sorted first page and a filtered count (medians of several runs).
struct LocalTimes {
    let sortedPage: Duration
    let count: Duration
    let pageSize: Int
    let counted: Int

    init<T: Entity>(_ store: OfflineStore, sorted: Query<T>, filtered: Query<T>, runs: Int) throws {
        let clock = ContinuousClock()
        var pages: [Duration] = []
        var counts: [Duration] = []
        var (pageSize, counted) = (0, 0)
        for _ in 0..<runs {
            var start = clock.now
            pageSize = try store.fetch(sorted).count
            pages.append(start.duration(to: clock.now))
            start = clock.now
            counted = try store.count(filtered)
            counts.append(start.duration(to: clock.now))
        }
        (sortedPage, count, self.pageSize, self.counted) = (median(pages), median(counts), pageSize, counted)
    }

    /// The figures, for the store `label` names.
    func summary(_ label: String) -> String {
        "\(label): sorted first page of \(pageSize) \(sortedPage.milliseconds) (goal ≤ 10 ms), "
            + "filtered count (\(counted)) \(count.milliseconds) (goal ≤ 100 ms)"
    }
}
