/// Where an element of the model came from: a file and a 1-based line and column.
public struct SourceLocation: Hashable, Sendable, Codable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// A location that names only a file (line and column 0), for whole-file diagnostics.
    public static func file(_ path: String) -> SourceLocation { SourceLocation(file: path, line: 0, column: 0) }

    /// `path:line:col`, or just `path` when no line is known.
    public var description: String { line > 0 ? "\(file):\(line):\(column)" : file }
}
