import Foundation

/// A response or request body that is not the JSON expected, with where in the text the problem is.
public struct JSONPayloadError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
    /// What is wrong, e.g. `number out of range`.
    public var message: String
    /// 1-based line and column (in characters) in the body; 0 when the problem is not at one place.
    public var line: Int
    /// The 1-based column (in characters) on ``line``; 0 when the problem is not at one place.
    public var column: Int

    /// Creates an error with `message` at `line` and `column`; leave both 0 when the problem is not at one place.
    public init(message: String, line: Int = 0, column: Int = 0) {
        self.message = message
        self.line = line
        self.column = column
    }

    /// `line:column: message`, or the message alone.
    public var description: String { line > 0 ? "\(line):\(column): \(message)" : message }

    /// For an alert: `The data could not be read: <message>.`, with the line and column when known.
    public var errorDescription: String? {
        let place = line > 0 ? " (line \(line), column \(column))" : ""
        return ErrorSentence.make("The data could not be read: \(message)\(place)")
    }
}
