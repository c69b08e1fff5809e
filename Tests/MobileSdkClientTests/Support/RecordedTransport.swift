import Foundation
import MobileSdkClient
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A transport that answers from recorded replies and records every request it is sent, so that tests can check
/// method, URL, headers and body. Replies come from the first route that matches a request and still has one (its
/// last reply repeats when the route says so), else from the queue, in order; a request nothing answers fails with
/// ``UnexpectedRequest``.
final class RecordedTransport: HTTPTransport, @unchecked Sendable {
    /// What the transport does with one request.
    enum Reply {
        case response(HTTPResponse)
        case failure(any Error)
    }

    /// A request nothing was recorded for.
    struct UnexpectedRequest: Error, CustomStringConvertible {
        var summary: String
        var description: String { "no reply recorded for \(summary)" }
    }

    private struct Route {
        var method: String
        var pathSuffix: String
        var replies: [Reply]
        var repeatsLast: Bool

        func matches(_ request: HTTPRequest) -> Bool {
            request.method == method && request.url.path.hasSuffix(pathSuffix)
        }
    }

    private let lock = NSLock()
    private var queue: [Reply] = []
    private var routes: [Route] = []
    private var recorded: [HTTPRequest] = []

    init(_ replies: Reply...) { queue = replies }

    /// Every request sent so far, in order.
    var requests: [HTTPRequest] { locked { recorded } }

    /// Queues a response for the next request no route answers.
    func enqueue(_ response: HTTPResponse) { locked { queue.append(.response(response)) } }

    /// Queues a failure (a `URLError`, say) for the next request no route answers.
    func enqueue(failure: any Error) { locked { queue.append(.failure(failure)) } }

    /// Answers requests with this method whose URL path ends with `pathSuffix`, with the replies in order; the last
    /// one answers every later request when `repeatsLast` is set.
    func route(_ method: String, _ pathSuffix: String, repeatsLast: Bool = false, _ replies: Reply...) {
        locked {
            routes.append(Route(method: method, pathSuffix: pathSuffix, replies: replies, repeatsLast: repeatsLast))
        }
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let reply: Reply? = locked {
            recorded.append(request)
            if let index = routes.firstIndex(where: { $0.matches(request) && !$0.replies.isEmpty }) {
                if routes[index].replies.count == 1, routes[index].repeatsLast { return routes[index].replies[0] }
                return routes[index].replies.removeFirst()
            }
            return queue.isEmpty ? nil : queue.removeFirst()
        }
        switch reply {
        case .response(let response)?: return response
        case .failure(let error)?: throw error
        case nil: throw UnexpectedRequest(summary: request.summary)
        }
    }

    private func locked<Result>(_ body: () -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}

extension RecordedTransport.Reply {
    /// A JSON response with a payload from `Payloads/`.
    static func payload(_ name: String, status: Int = 200, headers: [String: String] = [:]) -> Self {
        .response(.payload(name, status: status, headers: headers))
    }

    /// A JSON response with this text as its body.
    static func json(_ text: String, status: Int = 200, headers: [String: String] = [:]) -> Self {
        .response(.json(text, status: status, headers: headers))
    }

    /// A response without a body.
    static func status(_ status: Int, headers: [String: String] = [:]) -> Self {
        .response(HTTPResponse(statusCode: status, headerFields: headers))
    }

    /// A dropped connection.
    static var connectionLost: Self { .failure(URLError(.networkConnectionLost)) }
}

extension HTTPResponse {
    static func payload(_ name: String, status: Int = 200, headers: [String: String] = [:]) -> HTTPResponse {
        var fields = ["Content-Type": "application/json; odata.metadata=minimal"]
        fields.merge(headers) { $1 }
        return HTTPResponse(statusCode: status, headerFields: fields, body: Payloads.data(name))
    }

    static func json(_ text: String, status: Int = 200, headers: [String: String] = [:]) -> HTTPResponse {
        var fields = ["Content-Type": "application/json"]
        fields.merge(headers) { $1 }
        return HTTPResponse(statusCode: status, headerFields: fields, body: Data(text.utf8))
    }
}

extension HTTPRequest {
    /// The body as text.
    var bodyText: String { body.map { String(decoding: $0, as: UTF8.self) } ?? "" }

    /// The body as a JSON object; empty when it is not one.
    var bodyObject: [String: Any] {
        body.flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] } ?? [:]
    }

    /// The decoded value of a query option.
    func query(_ name: String) -> String? {
        URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == name }?.value
    }
}
