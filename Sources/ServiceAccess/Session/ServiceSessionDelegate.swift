import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The delegate of every session the client and the tool open: hands every redirect back to the caller instead of
/// following it (credentials must not follow one to another host; the caller decides), and turns a 401's challenge
/// into the 401 itself (the credentials went with the request; the caller decides what to try next) — except the NTLM
/// and Negotiate challenges of an origin a Windows credential is bound to, which it answers where URLSession can
/// (``bindWindowsCredential(_:to:)``). Subclasses add what else they watch (the client, uploads) by overriding the
/// data-delegate methods, which do nothing here: on Linux a subclass's own implementation of a protocol method the base
/// class lacks would never be called.
/// (FoundationNetworking before swift-corelibs-foundation#5458 waits forever on a challenge nobody answers, and
/// cancelling it loses the response, so it is kept here by task.)
open class ServiceSessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    /// Answers a challenge of the connection (the server's certificate, a client certificate), such as an app's
    /// certificate pinning: how to go on, and the credential to go on with.
    package typealias ConnectionChallengeHandler =
        @Sendable (URLAuthenticationChallenge) async -> (URLSession.AuthChallengeDisposition, URLCredential?)

    private let lock = NSLock()
    private var challenged: [Int: HTTPURLResponse] = [:]
    private var windowsCredentials: [WindowsOrigin: WindowsCredential] = [:]
    private let connectionChallenges: ConnectionChallengeHandler?

    /// Whether URLSession on this platform answers NTLM and Negotiate challenges with a credential. Apple's does.
    /// FoundationNetworking (swift-corelibs-foundation, libcurl) does not: it raises a challenge for `Basic` alone,
    /// returning a 401 that offers only NTLM or Negotiate as it is, and answering a challenge of any method but Basic
    /// with a credential would stop the process (its `URLSessionTask.authHandler` has none, and `fatalError`s).
    package static var answersWindowsChallenges: Bool {
        #if canImport(FoundationNetworking)
        false
        #else
        true
        #endif
    }

    /// A delegate that leaves the connection's challenges to `connectionChallenges`, or to the system's default
    /// handling (the server's certificate checked against the trusted roots) without it.
    package init(connectionChallenges: ConnectionChallengeHandler? = nil) {
        self.connectionChallenges = connectionChallenges
    }

    /// Whether a challenge is one of the connection (TLS), which the system or the app answers, not the request's.
    static func isConnectionChallenge(_ challenge: URLAuthenticationChallenge) -> Bool {
        let method = challenge.protectionSpace.authenticationMethod
        return method == ConnectionChallenge.serverTrust || method == ConnectionChallenge.clientCertificate
    }

    /// Binds `credential` to the origin (scheme, host, port) of `url`, whose NTLM and Negotiate challenges it then
    /// answers for as long as the session lives; false when another credential is bound there already. NTLM signs in
    /// a connection, which the session reuses for later requests, so a session signs in one user per origin. A URL
    /// that is not http or https binds nothing.
    package func bindWindowsCredential(_ credential: WindowsCredential, to url: URL) -> Bool {
        guard let origin = WindowsOrigin(url) else { return true }
        lock.lock()
        defer { lock.unlock() }
        if let bound = windowsCredentials[origin] { return bound == credential }
        windowsCredentials[origin] = credential
        return true
    }

    /// How a Windows challenge is answered with the bound credentials (``WindowsChallenge/answer(_:from:)``), where
    /// this platform's URLSession can take one: whether it was, then.
    private func answerWindowsChallenge(
        _ challenge: URLAuthenticationChallenge,
        _ completionHandler: @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) -> Bool {
        guard Self.answersWindowsChallenges else { return false }
        lock.lock()
        let answer = WindowsChallenge.answer(challenge, from: windowsCredentials)
        lock.unlock()
        switch answer {
        case .credential(let credential)?: completionHandler(.useCredential, credential)
        case .preferNTLM?: completionHandler(.rejectProtectionSpace, nil)
        case nil: return false
        }
        return true
    }

    /// A challenge of the session: NTLM and Negotiate of an origin with a bound Windows credential get it (Apple's
    /// URLSession brings them here); the connection's (the server's certificate, a client certificate) and any other
    /// go to the app's handler, else the system's default handling.
    open func urlSession(
        _ session: URLSession,
        didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        if answerWindowsChallenge(challenge, completionHandler) { return }
        answerConnectionChallenge(challenge, completionHandler)
    }

    private func answerConnectionChallenge(
        _ challenge: URLAuthenticationChallenge,
        _ completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        guard let connectionChallenges else { return completionHandler(.performDefaultHandling, nil) }
        let challenge = UncheckedChallenge(challenge)
        Task {
            let (disposition, credential) = await connectionChallenges(challenge.challenge)
            completionHandler(disposition, credential)
        }
    }

    /// Refuses the redirect: the task completes with the 3xx response itself.
    open func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) { completionHandler(nil) }

    /// Cancels the challenge and keeps its 401 response for ``challengedResponse(of:)``. A challenge of the
    /// connection, or a Windows one, which come here where a session has no session-level handler, is answered as
    /// that would.
    open func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        if Self.isConnectionChallenge(challenge) { return answerConnectionChallenge(challenge, completionHandler) }
        if answerWindowsChallenge(challenge, completionHandler) { return }
        if let response = challenge.failureResponse as? HTTPURLResponse {
            lock.lock()
            challenged[task.taskIdentifier] = response
            lock.unlock()
        }
        completionHandler(.cancelAuthenticationChallenge, nil)
    }

    /// The response whose challenge was cancelled for the task, if any (once).
    package func challengedResponse(of taskIdentifier: Int) -> HTTPURLResponse? {
        lock.lock()
        defer { lock.unlock() }
        return challenged.removeValue(forKey: taskIdentifier)
    }

    /// Does nothing; a subclass overrides it to report upload progress.
    open func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        didSendBodyData bytesSent: Int64,
        totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {}

    /// Does nothing; a subclass overrides it to take the body as it comes.
    open func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {}

    /// Does nothing; a subclass overrides it to learn when a task ends.
    open func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {}
}

/// A challenge handed to the app's handler on another task; URLSession does not touch it until answered.
private struct UncheckedChallenge: @unchecked Sendable {
    let challenge: URLAuthenticationChallenge

    init(_ challenge: URLAuthenticationChallenge) { self.challenge = challenge }
}

/// The authentication methods of a connection's challenges.
private enum ConnectionChallenge {
    #if canImport(FoundationNetworking)
    // swift-corelibs-foundation marks the constants unavailable (it raises no such challenge); their values are
    // their names.
    static let serverTrust = "NSURLAuthenticationMethodServerTrust"
    static let clientCertificate = "NSURLAuthenticationMethodClientCertificate"
    #else
    static let serverTrust = NSURLAuthenticationMethodServerTrust
    static let clientCertificate = NSURLAuthenticationMethodClientCertificate
    #endif
}
