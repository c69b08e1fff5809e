import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Hands every redirect back to the caller instead of following it, turns a 401's challenge into the 401 itself (the
/// credentials went with the request, and the client's `AuthenticationProvider` decides what to try next), and
/// carries uploads' progress and responses to their ``Upload``.
/// (FoundationNetworking before swift-corelibs-foundation#5458 waits forever on a challenge nobody answers, and
/// cancelling it loses the response, so it is kept here by task.)
final class SessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var challenged: [Int: HTTPURLResponse] = [:]
    private var uploads: [Int: Upload] = [:]

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
                    completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        if let response = challenge.failureResponse as? HTTPURLResponse {
            lock.lock()
            challenged[task.taskIdentifier] = response
            lock.unlock()
        }
        completionHandler(.cancelAuthenticationChallenge, nil)
    }

    /// The response whose challenge was cancelled for the task, if any.
    func challengedResponse(of taskIdentifier: Int) -> HTTPURLResponse? {
        lock.lock()
        defer { lock.unlock() }
        return challenged.removeValue(forKey: taskIdentifier)
    }

    // MARK: Uploads

    /// Reports the upload task's progress and response to `upload` until it completes. (An upload task made with a
    /// completion handler tells nothing of its progress on Linux.)
    func track(_ task: URLSessionTask, _ upload: Upload) {
        lock.lock()
        uploads[task.taskIdentifier] = upload
        lock.unlock()
    }

    private func upload(of task: URLSessionTask) -> Upload? {
        lock.lock()
        defer { lock.unlock() }
        return uploads[task.taskIdentifier]
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
                    totalBytesExpectedToSend: Int64) {
        upload(of: task)?.report(totalBytesSent, of: totalBytesExpectedToSend)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        upload(of: dataTask)?.received(data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        lock.lock()
        let upload = uploads.removeValue(forKey: task.taskIdentifier)
        lock.unlock()
        guard let upload else { return }
        let challenged = error == nil ? nil : challengedResponse(of: task.taskIdentifier)
        upload.complete(response: challenged ?? task.response as? HTTPURLResponse, error: challenged == nil ? error : nil)
    }
}

/// One upload in flight: whom to tell of its progress, its (small) response body, and who waits for the response.
final class Upload: @unchecked Sendable {
    private let lock = NSLock()
    private let progress: TransferProgress.Handler?
    private var continuation: CheckedContinuation<HTTPResponse, Error>?
    private var body = Data()

    init(progress: TransferProgress.Handler?, continuation: CheckedContinuation<HTTPResponse, Error>) {
        self.progress = progress
        self.continuation = continuation
    }

    func received(_ data: Data) {
        lock.lock()
        body.append(data)
        lock.unlock()
    }

    func report(_ completed: Int64, of expected: Int64) {
        progress?(TransferProgress(completedBytes: completed, totalBytes: expected > 0 ? expected : nil))
    }

    func complete(response: HTTPURLResponse?, error: Error?) {
        lock.lock()
        let (continuation, body) = (self.continuation, self.body)
        self.continuation = nil
        lock.unlock()
        if let error {
            continuation?.resume(throwing: error)
        } else if let response {
            continuation?.resume(returning: HTTPResponse(statusCode: response.statusCode,
                                                         headerFields: URLSessionTransport.headerFields(of: response), body: body))
        } else {
            continuation?.resume(throwing: URLError(.badServerResponse))
        }
    }
}
