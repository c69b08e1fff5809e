import Foundation
import ServiceAccess
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLSessionTransport {
    /// Downloads with a download task: the body goes straight to a file, never into memory. Progress is read from the
    /// task a few times a second rather than reported per chunk, which on Linux queues a delegate call per 16 KiB
    /// received and raises a large download's peak memory (BENCHMARKS.md, "Streaming"). (FoundationNetworking does not
    /// count a download's bytes as they come, so on Linux its progress is reported when it is done; the client's ranged
    /// downloads report each part.)
    public func download(_ request: HTTPRequest, into directory: URL, progress: TransferProgress.Handler?) async throws
        -> HTTPResponse
    {
        try bindWindowsCredential(of: request)
        let response = try await run(progress) { finish in
            session.downloadTask(with: Self.urlRequest(request)) { location, response, error in
                finish(response, error) { head in
                    // The file is removed when this handler returns: move it now. A response without a body still
                    // hands over a file, so that callers need not care.
                    let file = directory.appendingPathComponent(".download-" + UUID().uuidString)
                    if let location {
                        try FileManager.default.moveItem(at: location, to: file)
                    } else if !FileManager.default.createFile(atPath: file.path, contents: nil) {
                        throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path])
                    }
                    return HTTPResponse(
                        statusCode: head.statusCode,
                        headerFields: Self.headerFields(of: head),
                        bodyFile: file
                    )
                }
            }
        }
        return try Self.checkWindowsAnswer(response, to: request)
    }

    /// Uploads with an upload task reading the file as it sends.
    public func upload(_ request: HTTPRequest, fromFile file: URL, progress: TransferProgress.Handler?) async throws
        -> HTTPResponse
    {
        try bindWindowsCredential(of: request)
        var request = request
        request.body = nil
        let box = SessionTaskBox()
        let response = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPResponse, Error>) in
                let task = session.uploadTask(with: Self.urlRequest(request), fromFile: file)
                delegate.track(task, Upload(progress: progress, continuation: continuation))
                box.set(task)
                task.resume()
            }
        } onCancel: {
            box.cancel()
        }
        return try Self.checkWindowsAnswer(response, to: request)
    }
}
