import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The delegate of every session the client and the tool open: hands every redirect back to the caller instead of
/// following it (credentials must not follow one to another host; the caller decides), and turns a 401's challenge
/// into the 401 itself (the credentials went with the request; the caller decides what to try next). Subclasses add
/// what else they watch (the client, uploads) by overriding the data-delegate methods, which do nothing here: on Linux
/// a subclass's own implementation of a protocol method the base class lacks would never be called.
/// (FoundationNetworking before swift-corelibs-foundation#5458 waits forever on a challenge nobody answers, and
/// cancelling it loses the response, so it is kept here by task.)
open class ServiceSessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var challenged: [Int: HTTPURLResponse] = [:]

    override public init() {}

    /// Refuses the redirect: the task completes with the 3xx response itself.
    open func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) { completionHandler(nil) }

    /// Cancels the challenge and keeps its 401 response for ``challengedResponse(of:)``.
    open func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        if let response = challenge.failureResponse as? HTTPURLResponse {
            lock.lock()
            challenged[task.taskIdentifier] = response
            lock.unlock()
        }
        completionHandler(.cancelAuthenticationChallenge, nil)
    }

    /// The response whose challenge was cancelled for the task, if any (once).
    public func challengedResponse(of taskIdentifier: Int) -> HTTPURLResponse? {
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
