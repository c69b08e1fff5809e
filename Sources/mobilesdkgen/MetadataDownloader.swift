import Foundation
import ServiceAccess
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// GETs one URL for `fetch`: follows redirects only on the same scheme, host and port (so credentials never go
/// elsewhere), waits out 429 and 503 answers that say when to come back a bounded number of times, and keeps
/// no cookies or cache of its own. POSTs forms to OAuth endpoints the same way, following no redirect at all.
struct MetadataDownloader {
    /// The answer: status, header fields and body.
    struct Response {
        var status: Int
        var headerFields: [String: String]
        var body: Data

        /// A header's value, whatever the case of its name.
        func headerValue(_ name: String) -> String? {
            headerFields.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
        }

        var reason: String? {
            status == 429 ? "too many requests" : status >= 500 ? "server error" : nil
        }
    }

    var timeout: TimeInterval
    /// How many times a 429 or 503 is waited out before giving up.
    var maximumRetries = 3
    /// The longest wait honoured for one Retry-After, in seconds.
    var maximumWait: TimeInterval = 30
    var maximumRedirects = 5

    func get(_ url: URL, headerFields: [(name: String, value: String)], shownURL: String) async throws -> Response {
        let (session, delegate) = makeSession()
        defer { session.finishTasksAndInvalidate() }

        var current = url
        var retries = 0
        var redirects = 0
        while true {
            var request = URLRequest(url: current)
            for field in headerFields { request.setValue(field.value, forHTTPHeaderField: field.name) }
            let response = try await send(request, on: session, delegate: delegate, shownURL: shownURL)
            if (300..<400).contains(response.status), response.status != 304 {
                guard let location = response.headerValue("Location"),
                      let target = URL(string: location, relativeTo: current)?.absoluteURL else {
                    throw FetchError("\(shownURL) answered \(response.status) without a usable Location; nothing was written")
                }
                guard Self.sameOrigin(target, current) else {
                    throw FetchError("""
                        \(shownURL) redirects to another host (\(target.host ?? "?")), probably a sign-in page: refused, \
                        so that credentials are not sent there; nothing was written
                        """)
                }
                redirects += 1
                guard redirects <= maximumRedirects else {
                    throw FetchError("\(shownURL) redirected more than \(maximumRedirects) times; nothing was written")
                }
                current = target
                continue
            }
            if try await waitedOut(response, retries: &retries, shownURL: shownURL) { continue }
            return response
        }
    }

    /// POSTs `form` (`application/x-www-form-urlencoded`) to an OAuth endpoint, asking for JSON. A redirect is
    /// refused, never followed: the form holds codes and secrets meant for this URL alone.
    func post(_ url: URL, form: [(name: String, value: String)], headerFields: [(name: String, value: String)],
              shownURL: String) async throws -> Response {
        let (session, delegate) = makeSession()
        defer { session.finishTasksAndInvalidate() }
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.httpBody = FormEncoding.body(form)
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        for field in headerFields { request.setValue(field.value, forHTTPHeaderField: field.name) }
        var retries = 0
        while true {
            let response = try await send(request, on: session, delegate: delegate, shownURL: shownURL)
            if (300..<400).contains(response.status) {
                let target = response.headerValue("Location").flatMap { URL(string: $0, relativeTo: url)?.absoluteURL }
                if let target, !Self.sameOrigin(target, url) {
                    throw FetchError("""
                        \(shownURL) redirects to another host (\(target.host ?? "?")): refused, so that no code or secret \
                        is sent there
                        """)
                }
                throw FetchError("""
                    \(shownURL) answered \(response.status) (a redirect), which is not followed: give the endpoint's final URL
                    """)
            }
            if try await waitedOut(response, retries: &retries, shownURL: shownURL) { continue }
            return response
        }
    }

    /// Whether a 429 or 503 that says when to come back was waited out (true: ask again); throws after the last retry.
    private func waitedOut(_ response: Response, retries: inout Int, shownURL: String) async throws -> Bool {
        guard response.status == 429 || response.status == 503, let wait = retryAfter(response) else { return false }
        guard retries < maximumRetries else {
            throw FetchError("""
                \(shownURL) answered \(response.status) (\(response.status == 429 ? "too many requests" : "unavailable")) \
                \(retries + 1) times; try again later. Nothing was written
                """)
        }
        retries += 1
        try await Task.sleep(nanoseconds: UInt64(wait * 1_000_000_000))
        return true
    }

    /// An ephemeral session without cookies, cache or stored credentials, whose delegate hands redirects and
    /// 401 challenges back.
    private func makeSession() -> (URLSession, SessionDelegate) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.httpCookieStorage = nil
        configuration.urlCache = nil
        configuration.urlCredentialStorage = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let delegate = SessionDelegate()
        return (URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil), delegate)
    }

    /// The seconds a 429 or 503 asks to wait (Retry-After in seconds or as a date; 1 when absent), capped.
    private func retryAfter(_ response: Response) -> TimeInterval? {
        guard let value = response.headerValue("Retry-After")?.trimmingCharacters(in: .whitespaces) else {
            return response.status == 429 ? 1 : nil
        }
        if let seconds = TimeInterval(value), seconds >= 0 { return min(seconds, maximumWait) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: value) else { return 1 }
        return min(max(date.timeIntervalSinceNow, 0), maximumWait)
    }

    private static func sameOrigin(_ a: URL, _ b: URL) -> Bool {
        a.scheme?.lowercased() == b.scheme?.lowercased() && a.host?.lowercased() == b.host?.lowercased() && a.port == b.port
    }

    private func send(_ request: URLRequest, on session: URLSession, delegate: SessionDelegate, shownURL: String) async throws -> Response {
        let box = TaskBox()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Response, any Error>) in
                let task = session.dataTask(with: request) { data, response, error in
                    if error != nil, let identifier = box.identifier, let refused = delegate.refusedResponse(of: identifier) {
                        // The body is lost with the cancelled challenge; the header fields (WWW-Authenticate) are kept.
                        continuation.resume(returning: Response(status: refused.statusCode, headerFields: Self.headerFields(of: refused),
                                                                body: Data()))
                        return
                    }
                    if let error {
                        continuation.resume(throwing: Self.explain(error, shownURL: shownURL))
                        return
                    }
                    guard let response = response as? HTTPURLResponse else {
                        continuation.resume(throwing: FetchError("\(shownURL) sent no HTTP response; nothing was written"))
                        return
                    }
                    continuation.resume(returning: Response(status: response.statusCode, headerFields: Self.headerFields(of: response),
                                                            body: data ?? Data()))
                }
                box.set(task)
                task.resume()
            }
        } onCancel: {
            box.cancel()
        }
    }

    private static func headerFields(of response: HTTPURLResponse) -> [String: String] {
        var headers: [String: String] = [:]
        for (name, value) in response.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        return headers
    }

    private static func explain(_ error: any Error, shownURL: String) -> FetchError {
        guard let error = error as? URLError else { return FetchError("cannot fetch \(shownURL): \(error.localizedDescription)") }
        switch error.code {
        case .cancelled:
            return FetchError("cancelled; nothing was written")
        case .timedOut:
            return FetchError("\(shownURL) did not answer in time; nothing was written")
        case .cannotFindHost, .cannotConnectToHost, .dnsLookupFailed, .notConnectedToInternet, .networkConnectionLost:
            return FetchError("cannot reach \(shownURL) (\(error.localizedDescription)); nothing was written")
        default:
            return FetchError("cannot fetch \(shownURL): \(error.localizedDescription); nothing was written")
        }
    }
}

/// Hands every redirect back to the downloader instead of following it with the credentials, and turns a 401's
/// challenge into the 401 itself: the credentials were sent up front, there is nothing else to try. (Without a
/// challenge handler, FoundationNetworking before swift-corelibs-foundation#5458 waits forever on a 401 with
/// WWW-Authenticate; and cancelling the challenge loses the response, so it is kept here by task.)
private final class SessionDelegate: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var refused: [Int: HTTPURLResponse] = [:]

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
                    completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        if let response = challenge.failureResponse as? HTTPURLResponse {
            lock.lock()
            refused[task.taskIdentifier] = response
            lock.unlock()
        }
        completionHandler(.cancelAuthenticationChallenge, nil)
    }

    /// The response whose challenge was cancelled for the task, if any.
    func refusedResponse(of taskIdentifier: Int) -> HTTPURLResponse? {
        lock.lock()
        defer { lock.unlock() }
        return refused.removeValue(forKey: taskIdentifier)
    }
}

/// The data task of a request, so that cancelling the Swift task cancels it.
private final class TaskBox: @unchecked Sendable {
    private let lock = NSLock()
    private var task: URLSessionDataTask?
    private var cancelled = false

    /// The task's identifier once it is set.
    var identifier: Int? {
        lock.lock()
        defer { lock.unlock() }
        return task?.taskIdentifier
    }

    func set(_ task: URLSessionDataTask) {
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
