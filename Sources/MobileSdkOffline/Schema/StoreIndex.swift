import GRDB
import MobileSdk

/// An index the store keeps on a class's records, by the properties given and then the key: a local query ordered
/// by those properties reads its first page in the index's order instead of sorting every record — what a list
/// sorted by name over thousands of records needs. Each index costs a little on every download and local write.
///
/// ```swift
/// let store = try OfflineStore(at: url, client: client, definingQueries: [accounts],
///                              indexes: [StoreIndex(Account.self, \.name)])
/// ```
public struct StoreIndex: Sendable {
    let type: Entity.Type
    let paths: [PropertyPath]

    /// An index on records of `type` by `properties` (strings, numbers, booleans, dates, GUIDs), in that order.
    public init<T: Entity>(_ type: T.Type, _ properties: PartialKeyPath<T>...) {
        self.type = type
        paths = properties.flatMap { Query<T>().select($0).tree.select }
    }

    /// `CREATE INDEX` for the index in `table`, named after its table and columns.
    func statement(in table: EntityTable) throws -> (name: String, sql: String) {
        var columns: [String] = []
        for path in paths {
            guard path.segments.count == 1, let name = path.segments[0], let column = table.column(propertyName: name),
                [.integer, .real, .text].contains(column.kind)
            else {
                throw OfflineStoreError.unsupportedQuery(
                    "an index of \(table.type) on \(path.segments.compactMap { $0 }.joined(separator: "/")): only "
                        + "strings, numbers, booleans, dates and GUIDs of the class itself are indexed"
                )
            }
            columns.append(column.name)
        }
        // The key closes it, as it closes the orderings of every local query.
        for column in table.keyColumns.map(\.name) + [EntityTable.System.key] where !columns.contains(column) {
            columns.append(column)
        }
        let name = "$index_" + table.name + "_" + columns.joined(separator: "_")
        let sql =
            "CREATE INDEX IF NOT EXISTS \(name.quotedDatabaseIdentifier) ON \(table.name.quotedDatabaseIdentifier) ("
            + columns.map(\.quotedDatabaseIdentifier).joined(separator: ", ") + ")"
        return (name, sql)
    }
}
