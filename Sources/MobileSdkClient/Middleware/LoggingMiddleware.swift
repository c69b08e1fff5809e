import Foundation

#if canImport(os)
import os
#endif

/// Logs each request as it goes out and its response as it comes back: method, URL, status, time and size, and
/// optionally the header fields — with the values of any that can carry a secret (credentials, cookies, tokens)
/// replaced by `<redacted>`. Bodies are never logged.
///
/// By default the lines go to the unified log on Apple platforms (`os.Logger`, subsystem `MobileSdkClient`, category
/// `http`; URLs are private data there, shown only while a debugger or a profile allows), and to standard error
/// elsewhere; `log` sends them anywhere else.
public struct LoggingMiddleware: ODataClientMiddleware {
    /// Receives each line.
    public typealias Log = @Sendable (String) -> Void

    private let includesHeaders: Bool
    private let log: Log?

    /// Logs to the unified log (Apple platforms) or standard error; `headers` adds the header fields, redacted.
    public init(headers: Bool = false) {
        includesHeaders = headers
        log = nil
    }

    /// Logs to `log`; `headers` adds the header fields, redacted.
    public init(headers: Bool = false, log: @escaping Log) {
        includesHeaders = headers
        self.log = log
    }

    /// Logs the request, passes it on, and logs the response (or the error) with the time it took.
    public func intercept(_ request: HTTPRequest, next: (HTTPRequest) async throws -> HTTPResponse) async throws
        -> HTTPResponse
    {
        emit("→ \(request.method)", request.url.absoluteString, headers: includesHeaders ? request.headerFields : [])
        let start = ContinuousClock.now
        do {
            let response = try await next(request)
            let milliseconds = Int((ContinuousClock.now - start) / .milliseconds(1))
            let fields =
                includesHeaders ? response.headerFields.sorted { $0.key < $1.key }.map { ($0.key, $0.value) } : []
            emit(
                "← \(response.statusCode) \(request.method)",
                request.url.absoluteString,
                suffix: " (\(milliseconds) ms, \(response.body.count) bytes)",
                headers: fields
            )
            return response
        } catch {
            emit("✕ \(request.method)", request.url.absoluteString, suffix: ": \(type(of: error))", headers: [])
            throw error
        }
    }

    /// What a header's name holds when its value may be a secret (`Authorization`, `Set-Cookie`, `X-CSRF-Token`…).
    static let secretNameParts = ["auth", "cookie", "token", "secret", "key", "password", "session"]

    /// The value to log for a header field.
    static func loggedValue(name: String, value: String) -> String {
        let lowercased = name.lowercased()
        return secretNameParts.contains { lowercased.contains($0) } ? "<redacted>" : value
    }

    private func emit(_ head: String, _ url: String, suffix: String = "", headers: [(name: String, value: String)]) {
        let fields = headers.map { "\n    \($0.name): \(Self.loggedValue(name: $0.name, value: $0.value))" }.joined()
        if let log {
            log(head + " " + url + suffix + fields)
            return
        }
        #if canImport(os)
        Self.logger.debug(
            "\(head, privacy: .public) \(url, privacy: .private)\(suffix, privacy: .public)\(fields, privacy: .private)"
        )
        #else
        FileHandle.standardError.write(Data((head + " " + url + suffix + fields + "\n").utf8))
        #endif
    }

    #if canImport(os)
    private static let logger = Logger(subsystem: "MobileSdkClient", category: "http")
    #endif
}
