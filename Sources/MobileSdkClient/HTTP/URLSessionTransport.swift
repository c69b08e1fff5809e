import Foundation
import ServiceAccess
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends requests with `URLSession`, never following redirects: the client decides what a redirect may do, so
/// credentials cannot follow one to another host. A 401 that asks for credentials (`WWW-Authenticate`) comes back as
/// a response, for the client's authentication to answer.
public final class URLSessionTransport: HTTPTransport {
    /// Answers a challenge of the connection: the server's certificate (pinning it, say) or a client certificate the
    /// server asks for. It returns how to go on and the credential to go on with, as `URLSessionDelegate` would.
    public typealias ConnectionChallengeHandler =
        @Sendable (URLAuthenticationChallenge) async -> (URLSession.AuthChallengeDisposition, URLCredential?)

    let session: URLSession
    let delegate: SessionDelegate

    /// A transport with its own session; `timeout` bounds each request.
    public init(timeout: TimeInterval = 60) {
        delegate = SessionDelegate()
        session = ServiceSession.make(timeout: timeout, delegate: delegate)
    }

    /// A transport with a session made from a copy of `configuration` (a proxy, TLS versions, cellular access,
    /// timeouts…), which keeps no cookies, cache or credentials of its own, and whose connections' challenges go to
    /// `connectionChallenges` (the system checks the server's certificate without it). Redirects and 401 challenges
    /// still come back as responses.
    ///
    /// ```swift
    /// let transport = URLSessionTransport(configuration: .default) { challenge in
    ///     guard challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodClientCertificate else {
    ///         return (.performDefaultHandling, nil)
    ///     }
    ///     return (.useCredential, clientCertificate)  // a URLCredential(identity:certificates:persistence:)
    /// }
    /// ```
    public init(configuration: URLSessionConfiguration, connectionChallenges: ConnectionChallengeHandler? = nil) {
        delegate = SessionDelegate(connectionChallenges: connectionChallenges)
        session = ServiceSession.make(configuration: configuration, delegate: delegate)
    }

    deinit { session.finishTasksAndInvalidate() }

    /// Sends `request` and returns the response with its whole body in memory; redirects and 401 challenges come
    /// back as responses. Throws `URLError` when no response comes; cancelling the task cancels the request. A request
    /// with a Windows credential (``WindowsAuthentication``) has it answer the service's NTLM and Negotiate challenges.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try bindWindowsCredential(of: request)
        let response = try await run(nil) { finish in
            session.dataTask(with: Self.urlRequest(request)) { data, response, error in
                finish(response, error) { head in
                    HTTPResponse(
                        statusCode: head.statusCode,
                        headerFields: Self.headerFields(of: head),
                        body: data ?? Data()
                    )
                }
            }
        }
        return try Self.checkWindowsAnswer(response, to: request)
    }

    static func urlRequest(_ request: HTTPRequest) -> URLRequest {
        var urlRequest = URLRequest(url: request.url.withLowercasedScheme)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        for field in request.headerFields { urlRequest.setValue(field.value, forHTTPHeaderField: field.name) }
        return urlRequest
    }

    static func headerFields(of response: HTTPURLResponse) -> [String: String] {
        ServiceSession.headerFields(of: response)
    }
}

extension URLSessionTransport {
    typealias Finish = ServiceSession.Finish<HTTPResponse>

    /// Runs the task `make` creates (``ServiceSession/run(delegate:box:_:)``), reporting the bytes received every
    /// quarter second while it runs and once when it is done.
    func run(_ progress: TransferProgress.Handler?, _ make: (@escaping Finish) -> URLSessionTask) async throws
        -> HTTPResponse
    {
        let box = SessionTaskBox()
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
        let response = try await ServiceSession.run(delegate: delegate, box: box, make)
        if let progress, let (completed, total) = box.received {
            // FoundationNetworking leaves the count at 0: the file then says how much came.
            let size = response.bodyFile.flatMap {
                try? FileManager.default.attributesOfItem(atPath: $0.path)[.size] as? NSNumber
            }
            let done = max(completed, size?.int64Value ?? 0)
            progress(TransferProgress(completedBytes: done, totalBytes: total > 0 ? total : done))
        }
        return response
    }
}
