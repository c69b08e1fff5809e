import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Hands every redirect back to the caller instead of following it, turns a 401's challenge into the 401 itself (the
/// credentials went with the request, and the client's `AuthenticationProvider` decides what to try next), and
/// carries the progress and results of downloads and uploads to their ``FileTransfer``.
/// (FoundationNetworking before swift-corelibs-foundation#5458 waits forever on a challenge nobody answers, and
/// cancelling it loses the response, so it is kept here by task.)
final class SessionDelegate: NSObject, URLSessionDataDelegate, URLSessionDownloadDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var challenged: [Int: HTTPURLResponse] = [:]
    private var transfers: [Int: FileTransfer] = [:]

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

    // MARK: Transfers

    /// Reports the task's progress and result to `transfer` until it completes.
    func track(_ task: URLSessionTask, _ transfer: FileTransfer) {
        lock.lock()
        transfers[task.taskIdentifier] = transfer
        lock.unlock()
    }

    private func transfer(of task: URLSessionTask) -> FileTransfer? {
        lock.lock()
        defer { lock.unlock() }
        return transfers[task.taskIdentifier]
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        transfer(of: dataTask)?.received(data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
                    totalBytesExpectedToSend: Int64) {
        transfer(of: task)?.report(totalBytesSent, of: totalBytesExpectedToSend)
    }

    func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didWriteData bytesWritten: Int64,
                    totalBytesWritten: Int64, totalBytesExpectedToWrite: Int64) {
        transfer(of: downloadTask)?.report(totalBytesWritten, of: totalBytesExpectedToWrite)
    }

    func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL) {
        // The file is removed when this returns: move it now.
        transfer(of: downloadTask)?.keep(location)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        lock.lock()
        let transfer = transfers.removeValue(forKey: task.taskIdentifier)
        lock.unlock()
        guard let transfer else { return }
        if error != nil, let challenged = challengedResponse(of: task.taskIdentifier) {
            transfer.complete(response: challenged, error: nil)
        } else {
            transfer.complete(response: task.response as? HTTPURLResponse, error: error)
        }
    }
}

/// One download or upload in flight: where its body goes, whom to tell of progress, and who waits for the response.
final class FileTransfer: @unchecked Sendable {
    private let lock = NSLock()
    private let directory: URL?
    private let progress: TransferProgress.Handler?
    private var continuation: CheckedContinuation<HTTPResponse, Error>?
    private var body = Data()
    private var file: URL?
    private var fileError: Error?

    /// A transfer whose response body goes to a file in `directory` (a download), or into memory (nil: an upload,
    /// whose response is small).
    init(directory: URL?, progress: TransferProgress.Handler?, continuation: CheckedContinuation<HTTPResponse, Error>) {
        self.directory = directory
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

    /// Moves a finished download into the transfer's directory.
    func keep(_ location: URL) {
        guard let directory else { return }
        let destination = directory.appendingPathComponent(".download-" + UUID().uuidString)
        do {
            try FileManager.default.moveItem(at: location, to: destination)
            lock.lock()
            file = destination
            lock.unlock()
        } catch {
            lock.lock()
            fileError = error
            lock.unlock()
        }
    }

    func complete(response: HTTPURLResponse?, error: Error?) {
        lock.lock()
        let continuation = continuation
        self.continuation = nil
        let (body, file, fileError) = (body, file, fileError)
        lock.unlock()
        guard let continuation else { return }
        if let error = error ?? fileError {
            if let file { try? FileManager.default.removeItem(at: file) }
            continuation.resume(throwing: error)
            return
        }
        guard let response else {
            continuation.resume(throwing: URLError(.badServerResponse))
            return
        }
        var result = HTTPResponse(statusCode: response.statusCode, headerFields: URLSessionTransport.headerFields(of: response), body: body)
        if directory != nil {
            // A download without a body (a challenge, 204) still hands over a file, so that callers need not care.
            if let file {
                result.bodyFile = file
            } else if let directory {
                let empty = directory.appendingPathComponent(".download-" + UUID().uuidString)
                if FileManager.default.createFile(atPath: empty.path, contents: nil) { result.bodyFile = empty }
            }
        }
        continuation.resume(returning: result)
    }
}

extension URLSessionTransport {
    /// Downloads with a download task: the body goes straight to a file, never into memory.
    public func download(_ request: HTTPRequest, into directory: URL, progress: TransferProgress.Handler?) async throws -> HTTPResponse {
        let task = TaskBox()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPResponse, Error>) in
                let downloadTask = session.downloadTask(with: Self.urlRequest(request))
                delegate.track(downloadTask, FileTransfer(directory: directory, progress: progress, continuation: continuation))
                task.set(downloadTask)
                downloadTask.resume()
            }
        } onCancel: {
            task.cancel()
        }
    }

    /// Uploads with an upload task reading the file as it sends.
    public func upload(_ request: HTTPRequest, fromFile file: URL, progress: TransferProgress.Handler?) async throws -> HTTPResponse {
        let task = TaskBox()
        var request = request
        request.body = nil
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPResponse, Error>) in
                let uploadTask = session.uploadTask(with: Self.urlRequest(request), fromFile: file)
                delegate.track(uploadTask, FileTransfer(directory: nil, progress: progress, continuation: continuation))
                task.set(uploadTask)
                uploadTask.resume()
            }
        } onCancel: {
            task.cancel()
        }
    }
}
