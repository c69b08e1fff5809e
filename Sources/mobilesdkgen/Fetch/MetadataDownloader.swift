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

        var reason: String? { status == 429 ? "too many requests" : status >= 500 ? "server error" : nil }
    }

    var timeout: TimeInterval
    /// The session every GET of this downloader runs in, so that one fetch's requests share connections and the
    /// session's own set-up (a fetch of a whole organization makes thousands of requests).
    private let session: SharedSession
    /// When a 429 or 503 is waited out: as the client does, but waiting at most 30 s at a time.
    var throttling = ThrottlingRetry(maximumRetries: 3, initialDelay: 1, maximumDelay: 30)
    var maximumRedirects = 5

    init(timeout: TimeInterval) {
        self.timeout = timeout
        session = SharedSession(timeout: timeout)
    }

    func get(_ url: URL, headerFields: [(name: String, value: String)], shownURL: String) async throws -> Response {
        let (session, delegate) = (session.session, session.delegate)
        var current = url
        var retries = 0
        var redirects = 0
        while true {
            var request = URLRequest(url: current.withLowercasedScheme)
            for field in headerFields { request.setValue(field.value, forHTTPHeaderField: field.name) }
            let response = try await send(request, on: session, delegate: delegate, shownURL: shownURL)
            if (300..<400).contains(response.status), response.status != 304 {
                guard let location = response.headerValue("Location"),
                    let target = URL(string: location, relativeTo: current)?.absoluteURL
                else {
                    throw FetchError(
                        "\(shownURL) answered \(response.status) without a usable Location; nothing was written"
                    )
                }
                guard CredentialRules.isSameOrigin(target, as: current) else {
                    throw FetchError(
                        """
                        \(shownURL) redirects to another host (\(target.host ?? "?")), probably a sign-in page: \
                        refused, so that credentials are not sent there; nothing was written
                        """
                    )
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

    /// POSTs a form (`OAuthClient.formPost`) to an OAuth endpoint. A redirect is refused, never followed: the form
    /// holds codes and secrets meant for this URL alone.
    func post(_ url: URL, body: Data, headerFields: [(name: String, value: String)], shownURL: String) async throws
        -> Response
    {
        let (session, delegate) = makeSession()
        defer { session.finishTasksAndInvalidate() }
        var request = URLRequest(url: url.withLowercasedScheme)
        request.httpMethod = "POST"
        request.httpBody = body
        for field in headerFields { request.setValue(field.value, forHTTPHeaderField: field.name) }
        var retries = 0
        while true {
            let response = try await send(request, on: session, delegate: delegate, shownURL: shownURL)
            if (300..<400).contains(response.status) {
                let target = response.headerValue("Location").flatMap { URL(string: $0, relativeTo: url)?.absoluteURL }
                if let target, !CredentialRules.isSameOrigin(target, as: url) {
                    throw FetchError(
                        """
                        \(shownURL) redirects to another host (\(target.host ?? "?")): refused, \
                        so that no code or secret is sent there
                        """
                    )
                }
                throw FetchError(
                    """
                    \(shownURL) answered \(response.status) (a redirect), which is not followed: \
                    give the endpoint's final URL
                    """
                )
            }
            if try await waitedOut(response, retries: &retries, shownURL: shownURL) { continue }
            return response
        }
    }

    /// Whether a 429 or 503 was waited out (true: ask again); throws when the rule retries it no more.
    private func waitedOut(_ response: Response, retries: inout Int, shownURL: String) async throws -> Bool {
        guard ThrottlingRetry.isThrottled(response.status) else { return false }
        guard
            let wait = throttling.delay(
                status: response.status,
                retryAfter: response.headerValue("Retry-After"),
                attempt: retries
            )
        else {
            throw FetchError(
                """
                \(shownURL) answered \(response.status) \
                (\(response.status == 429 ? "too many requests" : "unavailable")) \(retries + 1) times; \
                try again later. Nothing was written
                """
            )
        }
        retries += 1
        try await Task.sleep(nanoseconds: UInt64(wait * 1_000_000_000))
        return true
    }

    /// A session of `ServiceSession`, invalidated (once its tasks are finished) when the last downloader holding it goes.
    private final class SharedSession: Sendable {
        let session: URLSession
        let delegate: ServiceSessionDelegate

        init(timeout: TimeInterval) {
            delegate = ServiceSessionDelegate()
            session = ServiceSession.make(timeout: timeout, delegate: delegate)
        }

        deinit { session.finishTasksAndInvalidate() }
    }

    /// A session without cookies, cache or stored credentials, whose delegate hands redirects and 401 challenges back.
    private func makeSession() -> (URLSession, ServiceSessionDelegate) {
        let delegate = ServiceSessionDelegate()
        return (ServiceSession.make(timeout: timeout, delegate: delegate), delegate)
    }

    private func send(_ request: URLRequest, on session: URLSession, delegate: ServiceSessionDelegate, shownURL: String)
        async throws -> Response
    {
        do {
            return try await ServiceSession.run(delegate: delegate) { finish in
                session.dataTask(with: request) { data, response, error in
                    finish(response, error) { head in
                        Response(
                            status: head.statusCode,
                            headerFields: ServiceSession.headerFields(of: head),
                            body: data ?? Data()
                        )
                    }
                }
            }
        } catch { throw Self.explain(error, shownURL: shownURL) }
    }

    private static func explain(_ error: any Error, shownURL: String) -> FetchError {
        guard let error = error as? URLError else {
            return FetchError("cannot fetch \(shownURL): \(error.localizedDescription)")
        }
        if UnreachableHost.kind(of: error) != nil || error.code == .networkConnectionLost {
            return FetchError("cannot reach \(shownURL) (\(error.localizedDescription)); nothing was written")
        }
        switch error.code {
        case .cancelled: return FetchError("cancelled; nothing was written")
        case .timedOut: return FetchError("\(shownURL) did not answer in time; nothing was written")
        default: return FetchError("cannot fetch \(shownURL): \(error.localizedDescription); nothing was written")
        }
    }
}
