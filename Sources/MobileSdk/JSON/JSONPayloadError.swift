/// A response or request body that is not the JSON expected, with where in the text the problem is.
public struct JSONPayloadError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    /// 1-based line and column (in characters) in the body; 0 when the problem is not at one place.
    public var line: Int
    public var column: Int

    public init(message: String, line: Int = 0, column: Int = 0) {
        self.message = message
        self.line = line
        self.column = column
    }

    /// `line:column: message`, or the message alone.
    public var description: String { line > 0 ? "\(line):\(column): \(message)" : message }
}
