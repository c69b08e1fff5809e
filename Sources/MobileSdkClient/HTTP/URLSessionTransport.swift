import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends requests with `URLSession`, never following redirects: the client decides what a redirect may do, so
/// credentials cannot follow one to another host. A 401 that asks for credentials (`WWW-Authenticate`) comes back as
/// a response, for the client's authentication to answer.
public final class URLSessionTransport: HTTPTransport {
    let session: URLSession
    let delegate = SessionDelegate()

    /// A transport with its own session; `timeout` bounds each request.
    public init(timeout: TimeInterval = 60) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.httpCookieStorage = nil
        configuration.urlCache = nil
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await run(nil) { finish in
            session.dataTask(with: Self.urlRequest(request)) { data, response, error in
                finish(response, error) { head in
                    HTTPResponse(statusCode: head.statusCode, headerFields: Self.headerFields(of: head), body: data ?? Data())
                }
            }
        }
    }

    static func urlRequest(_ request: HTTPRequest) -> URLRequest {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        for field in request.headerFields {
            urlRequest.setValue(field.value, forHTTPHeaderField: field.name)
        }
        return urlRequest
    }

    static func headerFields(of response: HTTPURLResponse) -> [String: String] {
        var headers: [String: String] = [:]
        for (name, value) in response.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        return headers
    }
}

extension URLSessionTransport {
    /// How a task's completion handler hands over what it got: the response's head (or an error) and how to make the
    /// response from the head.
    typealias Finish = @Sendable (URLResponse?, Error?, (HTTPURLResponse) throws -> HTTPResponse) -> Void

    /// Runs the task `make` creates and resumes with its response (a 401 whose challenge was cancelled as the 401),
    /// reporting the bytes received every quarter second while it runs and once when it is done; cancelling the
    /// Swift task cancels it.
    func run(_ progress: TransferProgress.Handler?, _ make: (@escaping Finish) -> URLSessionTask) async throws -> HTTPResponse {
        let box = TaskBox()
        let reporter = progress.map { report in
            Task.detached {
                var reported: Int64 = 0
                while !Task.isCancelled {
                    try await Task.sleep(nanoseconds: 250_000_000)
                    if let (completed, total) = box.received, completed > reported {
                        reported = completed
                        report(TransferProgress(completedBytes: completed, totalBytes: total > 0 ? total : nil))
                    }
                }
            }
        }
        defer { reporter?.cancel() }
        let response = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPResponse, Error>) in
                let task = make { [delegate] response, error, body in
                    let challenged = error == nil ? nil : box.identifier.flatMap(delegate.challengedResponse(of:))
                    if let error, challenged == nil {
                        continuation.resume(throwing: error)
                        return
                    }
                    guard let head = challenged ?? response as? HTTPURLResponse else {
                        continuation.resume(throwing: URLError(.badServerResponse))
                        return
                    }
                    continuation.resume(with: Result { try body(head) })
                }
                box.set(task)
                task.resume()
            }
        } onCancel: {
            box.cancel()
        }
        if let progress, let (completed, total) = box.received {
            // FoundationNetworking leaves the count at 0: the file then says how much came.
            let size = response.bodyFile.flatMap { try? FileManager.default.attributesOfItem(atPath: $0.path)[.size] as? NSNumber }
            let done = max(completed, size?.int64Value ?? 0)
            progress(TransferProgress(completedBytes: done, totalBytes: total > 0 ? total : done))
        }
        return response
    }
}

/// The task of a request, so that cancelling the Swift task cancels it.
final class TaskBox: @unchecked Sendable {
    private let lock = NSLock()
    private var task: URLSessionTask?
    private var cancelled = false

    /// The task's identifier once it is set.
    var identifier: Int? {
        lock.lock()
        defer { lock.unlock() }
        return task?.taskIdentifier
    }

    /// The bytes the task received and expects, once it is set.
    var received: (Int64, Int64)? {
        lock.lock()
        defer { lock.unlock() }
        return task.map { ($0.countOfBytesReceived, $0.countOfBytesExpectedToReceive) }
    }

    func set(_ task: URLSessionTask) {
        lock.lock()
        self.task = task
        let cancelNow = cancelled
        lock.unlock()
        if cancelNow { task.cancel() }
    }

    func cancel() {
        lock.lock()
        cancelled = true
        let task = self.task
        lock.unlock()
        task?.cancel()
    }
}
