import Foundation

/// A document's path, stored once for the process and named by a number: the millions of values of a large JSON
/// document each know their document without holding, and counting references to, a copy of its path.
///
/// The table only grows: it holds each path a document was read under (a fetch reads one document per entity).
struct DocumentPath: Sendable {
    private let number: Int32

    init(_ path: String) { number = Self.table.number(of: path) }

    var path: String { Self.table.path(numbered: number) }

    private static let table = Table()

    /// Unchecked: a lock guards both collections.
    private final class Table: @unchecked Sendable {
        private let lock = NSLock()
        private var paths: [String] = []
        private var numbers: [String: Int32] = [:]

        func number(of path: String) -> Int32 {
            lock.withLock {
                if let number = numbers[path] { return number }
                let number = Int32(paths.count)
                paths.append(path)
                numbers[path] = number
                return number
            }
        }

        func path(numbered number: Int32) -> String { lock.withLock { paths[Int(number)] } }
    }
}
