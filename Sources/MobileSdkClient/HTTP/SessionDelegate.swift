import Foundation
import ServiceAccess
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The client's session delegate: besides handing redirects and 401 challenges back (``ServiceSessionDelegate``), it
/// carries uploads' progress and responses to their ``Upload``. (An upload task made with a completion handler tells
/// nothing of its progress on Linux.)
final class SessionDelegate: ServiceSessionDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var uploads: [Int: Upload] = [:]

    /// Reports the upload task's progress and response to `upload` until it completes.
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

    override func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        didSendBodyData bytesSent: Int64,
        totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) { upload(of: task)?.report(totalBytesSent, of: totalBytesExpectedToSend) }

    override func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        upload(of: dataTask)?.received(data)
    }

    override func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        lock.lock()
        let upload = uploads.removeValue(forKey: task.taskIdentifier)
        lock.unlock()
        guard let upload else { return }
        let challenged = error == nil ? nil : challengedResponse(of: task.taskIdentifier)
        upload.complete(
            response: challenged ?? task.response as? HTTPURLResponse,
            error: challenged == nil ? error : nil
        )
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
            continuation?
                .resume(
                    returning: HTTPResponse(
                        statusCode: response.statusCode,
                        headerFields: ServiceSession.headerFields(of: response),
                        body: body
                    )
                )
        } else {
            continuation?.resume(throwing: URLError(.badServerResponse))
        }
    }
}
