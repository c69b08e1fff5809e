/// A problem found while reading or checking metadata, printed in the compiler's
/// `path:line:col: severity: message` form.
public struct Diagnostic: Hashable, Sendable, Codable, CustomStringConvertible {
    /// How serious a diagnostic is, ordered `note` < `warning` < `error`.
    public enum Severity: String, Hashable, Sendable, Codable, Comparable {
        /// A remark, a likely problem, or a fault in the metadata; raw values are the printed words.
        case note, warning, error

        private var rank: Int {
            switch self {
            case .note: 0
            case .warning: 1
            case .error: 2
            }
        }

        /// Orders severities by seriousness: `note`, then `warning`, then `error`.
        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
    }

    /// How serious the problem is.
    public var severity: Severity
    /// The problem in a sentence, without location or severity.
    public var message: String
    /// Where the problem was found: a file, and a line and column when known.
    public var location: SourceLocation

    /// Creates a diagnostic of `severity` with `message` at `location`.
    public init(_ severity: Severity, _ message: String, at location: SourceLocation) {
        self.severity = severity
        self.message = message
        self.location = location
    }

    /// An error with `message` at `location`.
    public static func error(_ message: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.error, message, at: location)
    }

    /// A warning with `message` at `location`.
    public static func warning(_ message: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.warning, message, at: location)
    }

    /// A note with `message` at `location`.
    public static func note(_ message: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.note, message, at: location)
    }

    /// `path:line:col: severity: message`, or `path: severity: message` when no line is known.
    public var description: String { "\(location): \(severity.rawValue): \(message)" }
}

extension Array where Element == Diagnostic {
    /// Whether any diagnostic is an error.
    public var hasErrors: Bool { contains { $0.severity == .error } }
}
