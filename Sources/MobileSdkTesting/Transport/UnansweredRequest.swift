import Foundation

/// A request a ``ScriptedTransport`` has no reply for: no route matched it, the queue was empty and it passes
/// nothing through.
public struct UnansweredRequest: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
    /// The request as `METHOD url` (`HTTPRequest.summary`: no header values).
    public var request: String

    /// Creates the error for the request `METHOD url`.
    public init(request: String) { self.request = request }

    /// `no reply is scripted for METHOD url`.
    public var description: String { "no reply is scripted for \(request)" }

    /// The description, for alerts and test failures.
    public var errorDescription: String? { "The test transport has no reply scripted for \(request)." }
}
