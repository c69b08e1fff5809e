import Foundation
import MobileSdkClient

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A transport for tests that answers as a script says and records every request it is sent: give it to
/// `ODataClient.Configuration(transport:)` instead of `URLSessionTransport`, and no server is needed.
///
/// Named for what a test does with it: it scripts the service's side of the conversation. A request is answered by
/// the first route that matches it (method, path suffix, query items) and still has a reply, else by the next reply
/// of the queue, else by the transport it passes through to; a request nothing answers fails with
/// ``UnansweredRequest``, which names it. ``requests`` holds every request, in order, with its header fields and body.
///
/// ```swift
/// let transport = ScriptedTransport()
/// transport.route("GET", "People", try .page(ODataPage([person])))
/// transport.route("PATCH", "People('russellwhyte')", .status(204))
/// ```
///
/// It is safe to use from any task; routes may be added while requests are under way.
public final class ScriptedTransport: HTTPTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var queue: [Reply]
    private var routes: [ScriptedRoute] = []
    private var recorded: [HTTPRequest] = []
    private let fallback: (any HTTPTransport)?

    /// Creates a transport that answers requests no route matches with `replies`, in order, then passes them to
    /// `fallback` (a `URLSessionTransport`, say, to record what an app sends a real service); with no fallback they
    /// fail with ``UnansweredRequest``.
    public init(_ replies: Reply..., passingThroughTo fallback: (any HTTPTransport)? = nil) {
        queue = replies
        self.fallback = fallback
    }

    /// Every request sent so far, in order: uploads with the file's content as their body.
    public var requests: [HTTPRequest] { locked { recorded } }

    /// Adds replies to the queue, which answers the requests no route matches.
    public func enqueue(_ replies: Reply...) { locked { queue += replies } }

    /// Answers requests with this method whose URL path ends with `pathSuffix` and whose query has every item of
    /// `query` (decoded names and values), with `replies` in order; the last one answers every later request when
    /// `repeatsLast` is set. Routes are tried in the order they were added; an empty suffix matches every path.
    public func route(
        _ method: String,
        _ pathSuffix: String,
        query: [String: String] = [:],
        repeatsLast: Bool = false,
        _ replies: Reply...
    ) {
        let route = ScriptedRoute(
            method: method,
            pathSuffix: pathSuffix,
            query: query,
            replies: replies,
            repeatsLast: repeatsLast
        )
        locked { routes.append(route) }
    }

    /// Records `request` and answers it as the script says.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        switch try await answer(request) {
        case .response(let response): return response
        case .passThrough(let transport): return try await transport.send(request)
        }
    }

    /// Records `request`, then writes the scripted body to a new file in `directory`, or has the transport it
    /// passes through to download it.
    public func download(_ request: HTTPRequest, into directory: URL, progress: TransferProgress.Handler?) async throws
        -> HTTPResponse
    {
        switch try await answer(request) {
        case .passThrough(let transport):
            return try await transport.download(request, into: directory, progress: progress)
        case .response(let response): return try response.movingBody(into: directory, progress: progress)
        }
    }

    /// Records `request` with the content of `file` as its body, then answers it as the script says, or has the
    /// transport it passes through to upload the file.
    public func upload(_ request: HTTPRequest, fromFile file: URL, progress: TransferProgress.Handler?) async throws
        -> HTTPResponse
    {
        var withBody = request
        withBody.body = try Data(contentsOf: file)
        switch try await answer(withBody) {
        case .passThrough(let transport): return try await transport.upload(request, fromFile: file, progress: progress)
        case .response(let response):
            let size = Int64(withBody.body?.count ?? 0)
            progress?(TransferProgress(completedBytes: size, totalBytes: size))
            return response
        }
    }

    /// What answers a request once its delays are waited and its failure thrown.
    private enum Answer {
        case response(HTTPResponse)
        case passThrough(any HTTPTransport)
    }

    /// Records `request` and takes its reply from the script.
    private func answer(_ request: HTTPRequest) async throws -> Answer {
        let reply: Reply? = locked {
            recorded.append(request)
            if let index = routes.firstIndex(where: { $0.answers(request) }) { return routes[index].takeReply() }
            if !queue.isEmpty { return queue.removeFirst() }
            return fallback.map(Reply.passThrough)
        }
        guard var reply else { throw UnansweredRequest(request: request.summary) }
        while true {
            switch reply {
            case .response(let response): return .response(response)
            case .failure(let error): throw error
            case .passThrough(let transport): return .passThrough(transport)
            case .delayed(let seconds, let then):
                try await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
                reply = then
            }
        }
    }

    private func locked<Result>(_ body: () -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}
