import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An ephemeral `URLSession` without cookies, cache or stored credentials, whose ``ServiceSessionDelegate`` hands
/// redirects and 401 challenges back, and the one way its tasks are run.
package enum ServiceSession {
    /// A new session; `timeout` bounds each request.
    package static func make(timeout: TimeInterval, delegate: ServiceSessionDelegate) -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        return make(configuration: configuration, delegate: delegate)
    }

    /// A new session with a copy of `configuration` (a proxy, TLS versions, cellular access, extra headers…) that
    /// keeps no cookies, cache or credentials: credentials go only where the caller sends them.
    package static func make(configuration: URLSessionConfiguration, delegate: ServiceSessionDelegate) -> URLSession {
        let configuration = configuration.copy() as? URLSessionConfiguration ?? configuration
        configuration.httpCookieStorage = nil
        configuration.urlCache = nil
        configuration.urlCredentialStorage = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    /// How a task's completion handler hands over what it got: the response's head (or an error), and how to make the
    /// result from the head.
    package typealias Finish<Result> = @Sendable (URLResponse?, Error?, (HTTPURLResponse) throws -> Result) -> Void

    /// Runs the task `make` creates and returns what its completion handler makes of the response — of the 401 whose
    /// challenge `delegate` cancelled, when there was one (its body is lost; its header fields are kept) — or throws
    /// its error (`URLError`). Cancelling the Swift task cancels it; `box` holds it while it runs.
    package static func run<Result: Sendable>(
        delegate: ServiceSessionDelegate,
        box: SessionTaskBox = SessionTaskBox(),
        _ make: (@escaping Finish<Result>) -> URLSessionTask
    ) async throws -> Result {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Result, Error>) in
                let task = make { response, error, result in
                    let challenged = error == nil ? nil : box.identifier.flatMap(delegate.challengedResponse(of:))
                    if let error, challenged == nil {
                        continuation.resume(throwing: error)
                        return
                    }
                    guard let head = challenged ?? response as? HTTPURLResponse else {
                        continuation.resume(throwing: URLError(.badServerResponse))
                        return
                    }
                    continuation.resume(with: Swift.Result { try result(head) })
                }
                box.set(task)
                task.resume()
            }
        } onCancel: {
            box.cancel()
        }
    }

    /// A response's header fields by name.
    package static func headerFields(of response: HTTPURLResponse) -> [String: String] {
        var headers: [String: String] = [:]
        for (name, value) in response.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        return headers
    }
}
