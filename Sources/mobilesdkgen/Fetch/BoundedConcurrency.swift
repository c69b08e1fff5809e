/// Runs `body` over `items` with at most `limit` calls in flight; the results keep the items' order. The first error
/// cancels the calls still running and is thrown. `finished` is called, on the caller's task, after each call.
func boundedMap<Item: Sendable, Result: Sendable>(
    _ items: [Item],
    limit: Int,
    finished: () -> Void = {},
    _ body: @escaping @Sendable (Item) async throws -> Result
) async throws -> [Result] {
    try await withThrowingTaskGroup(of: (Int, Result).self) { group in
        var results = [Result?](repeating: nil, count: items.count)
        var next = 0
        func startNext() {
            guard next < items.count else { return }
            let index = next
            let item = items[index]
            group.addTask { (index, try await body(item)) }
            next += 1
        }
        for _ in 0..<max(1, limit) { startNext() }
        while let (index, result) = try await group.next() {
            results[index] = result
            finished()
            startNext()
        }
        return results.compactMap { $0 }
    }
}
