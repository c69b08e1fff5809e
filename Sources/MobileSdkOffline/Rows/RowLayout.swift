import GRDB

/// Where a result's columns are, found once for all its rows by name (case aside, as SQLite names them): GRDB finds
/// a column by lowering the case of each name before it, for every value read, which took most of the time a page of
/// 50 records of 30 columns took to read.
struct RowLayout {
    /// The position of each of the table's attribute columns, in ``EntityTable/columns`` order; nil where the result
    /// has no such column.
    let columns: [Int?]
    let key: Int?
    let typeName: Int?
    let eTag: Int?

    /// The layout of `row`, a row of `table`'s records.
    init(_ row: Row, table: EntityTable) {
        var positions: [String: Int] = [:]
        for (position, name) in row.columnNames.enumerated() where positions[name.lowercased()] == nil {
            positions[name.lowercased()] = position
        }
        columns = table.columns.map { positions[$0.name.lowercased()] }
        key = positions[EntityTable.System.key.lowercased()]
        typeName = positions[EntityTable.System.typeName.lowercased()]
        eTag = positions[EntityTable.System.eTag.lowercased()]
    }
}
