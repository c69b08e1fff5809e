import Foundation
import ServiceAccess

/// An HTTP request as the client builds it, before authentication.
public struct HTTPRequest: Sendable {
    /// The HTTP method, such as `GET` or `PATCH`.
    public var method: String
    /// The absolute URL the request goes to.
    public var url: URL
    /// Header fields in the order they were set; names compare case-insensitively.
    public private(set) var headerFields: [(name: String, value: String)] = []
    /// The body's bytes; nil for none.
    public var body: Data?
    /// The credential ``URLSessionTransport`` answers the service's NTLM and Negotiate challenges with
    /// (``WindowsAuthentication``); not a header, so middleware and logs never see it.
    var windowsCredential: WindowsCredential?

    /// Creates a request without header fields; ``subscript(header:)`` sets them.
    public init(method: String, url: URL, body: Data? = nil) {
        self.method = method
        self.url = url
        self.body = body
    }

    /// The value of a header field.
    public subscript(header name: String) -> String? {
        get { headerFields.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value }
        set {
            headerFields.removeAll { $0.name.caseInsensitiveCompare(name) == .orderedSame }
            if let newValue { headerFields.append((name, newValue)) }
        }
    }

    /// `METHOD url`, for errors and logs: never header values, so credentials stay out.
    public var summary: String { "\(method) \(url.absoluteString)" }
}

/// An HTTP response.
public struct HTTPResponse: Sendable {
    /// The HTTP status code, such as 200 or 404.
    public var statusCode: Int
    /// Header fields; names compare case-insensitively.
    public var headerFields: [String: String]
    /// The body; empty when it went to ``bodyFile``.
    public var body: Data
    /// The file a download's body was written to, which then belongs to whoever receives the response.
    public var bodyFile: URL?

    /// Creates a response from its status code, header fields and body (or ``bodyFile``, for a download).
    public init(statusCode: Int, headerFields: [String: String] = [:], body: Data = Data(), bodyFile: URL? = nil) {
        self.statusCode = statusCode
        self.headerFields = headerFields
        self.body = body
        self.bodyFile = bodyFile
    }

    /// The value of a header field.
    public subscript(header name: String) -> String? {
        headerFields.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// Sends requests: `URLSessionTransport` in apps, a recorded exchange in tests.
///
/// Streams go through ``download(_:into:progress:)`` and ``upload(_:fromFile:progress:)``, which a transport should
/// implement without holding the content in memory; their defaults (for transports in tests) go through
/// ``send(_:)``.
public protocol HTTPTransport: Sendable {
    /// The response to `request`; a response that redirects is returned as is, never followed.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
    /// The response to `request` with its body in a new file in `directory` (``HTTPResponse/bodyFile``).
    func download(_ request: HTTPRequest, into directory: URL, progress: TransferProgress.Handler?) async throws
        -> HTTPResponse
    /// The response to `request` sent with the content of `file` as its body.
    func upload(_ request: HTTPRequest, fromFile file: URL, progress: TransferProgress.Handler?) async throws
        -> HTTPResponse
}

extension HTTPTransport {
    /// Sends, then writes the body to a file.
    public func download(_ request: HTTPRequest, into directory: URL, progress: TransferProgress.Handler?) async throws
        -> HTTPResponse
    { try await send(request).movingBody(into: directory, progress: progress) }

    /// Reads the file, then sends it as the body.
    public func upload(_ request: HTTPRequest, fromFile file: URL, progress: TransferProgress.Handler?) async throws
        -> HTTPResponse
    {
        var request = request
        let body = try Data(contentsOf: file)
        request.body = body
        let response = try await send(request)
        progress?(TransferProgress(completedBytes: Int64(body.count), totalBytes: Int64(body.count)))
        return response
    }
}

extension HTTPResponse {
    /// The response as a download gives it: its body moved to a new file in `directory`, reported done to
    /// `progress`. For transports that hold a body in memory.
    package func movingBody(into directory: URL, progress: TransferProgress.Handler?) throws -> HTTPResponse {
        var response = self
        let file = directory.appendingPathComponent(".download-" + UUID().uuidString)
        try body.write(to: file)
        progress?(TransferProgress(completedBytes: Int64(body.count), totalBytes: Int64(body.count)))
        response.body = Data()
        response.bodyFile = file
        return response
    }
}

/// How far a transfer has come.
public struct TransferProgress: Sendable, Hashable {
    /// Called as bytes go out or come in, on no particular thread.
    public typealias Handler = @Sendable (TransferProgress) -> Void

    /// Bytes sent or received so far (of the whole stream, when a transfer resumes or goes in parts).
    public var completedBytes: Int64
    /// The stream's size, when known.
    public var totalBytes: Int64?

    /// Creates a report of `completedBytes` out of `totalBytes`, nil when the size is unknown.
    public init(completedBytes: Int64, totalBytes: Int64?) {
        self.completedBytes = completedBytes
        self.totalBytes = totalBytes
    }

    /// From 0 to 1; nil while the size is unknown.
    public var fractionCompleted: Double? {
        guard let totalBytes, totalBytes > 0 else { return nil }
        return min(1, Double(completedBytes) / Double(totalBytes))
    }
}
