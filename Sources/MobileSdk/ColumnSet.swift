/// The attributes to retrieve: a list of logical names, or all of them.
public struct ColumnSet: Hashable, Sendable {
    /// Every attribute.
    public static let all = ColumnSet(allColumns: true)

    /// Whether to retrieve every attribute; when true, ``columns`` is ignored.
    public var allColumns: Bool
    /// Logical names; ignored when ``allColumns`` is true.
    public var columns: [String]

    /// These attributes only.
    public init(_ columns: [String]) {
        allColumns = false
        self.columns = columns
    }

    /// Every attribute when `allColumns` is true, otherwise none.
    public init(allColumns: Bool) {
        self.allColumns = allColumns
        columns = []
    }
}
