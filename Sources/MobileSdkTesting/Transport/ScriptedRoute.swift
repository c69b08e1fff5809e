import Foundation
import MobileSdkClient

/// The replies of a ``ScriptedTransport`` for the requests of one method whose path ends a certain way.
struct ScriptedRoute {
    var method: String
    var pathSuffix: String
    /// Query items a request must have, by decoded name and value.
    var query: [String: String]
    var replies: [ScriptedTransport.Reply]
    var repeatsLast: Bool

    /// Whether the route matches `request` and still has a reply for it.
    func answers(_ request: HTTPRequest) -> Bool {
        guard !replies.isEmpty, request.method == method, request.url.path.hasSuffix(pathSuffix) else { return false }
        guard !query.isEmpty else { return true }
        let items = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        return query.allSatisfy { name, value in items.contains { $0.name == name && $0.value == value } }
    }

    /// The next reply, kept when it is the last and repeats.
    mutating func takeReply() -> ScriptedTransport.Reply {
        if replies.count == 1, repeatsLast { return replies[0] }
        return replies.removeFirst()
    }
}
