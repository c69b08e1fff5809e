/// Where an element of the model came from: a file and a 1-based line and column.
public struct SourceLocation: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The path of the file, as it was given.
    public var file: String
    /// The 1-based line; 0 when only the file is known.
    public var line: Int
    /// The 1-based column; 0 when only the file is known.
    public var column: Int

    /// Creates the location of a line and column (both 1-based) in `file`.
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
