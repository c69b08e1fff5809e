import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An HTTP/1.1 server on 127.0.0.1 that gives requests the answers a test chose, in order (the last one to every
/// request after it), one connection at a time, closing each: a peer for code that talks to its own URLSession (the
/// command-line tool) as well as the client. It records the request lines it read.
public final class CannedHTTPServer: @unchecked Sendable {
    /// What every request is answered with.
    public struct Answer: Sendable {
        /// The status code.
        public var status: Int
        /// Header fields beside `Connection: close` and `Content-Length`; `{port}` in a value stands for the server's.
        public var headerFields: [(name: String, value: String)]
        /// The body.
        public var body: Data

        /// An answer with `status`, `headerFields` and `body`.
        public init(status: Int, headerFields: [(name: String, value: String)] = [], body: Data = Data()) {
            self.status = status
            self.headerFields = headerFields
            self.body = body
        }
    }

    /// The port it listens on.
    public let port: UInt16
    private let descriptor: Int32
    private let answers: [Answer]
    private let lock = NSLock()
    private var lines: [String] = []

    /// The root URL, `http://127.0.0.1:PORT/`.
    public let url: URL

    /// The request lines read so far (`POST /token HTTP/1.1`).
    public var requestLines: [String] { lock.withLock { lines } }

    /// Starts listening; every request gets `answer` until ``stop()``.
    public convenience init(answering answer: Answer) throws { try self.init(answering: [answer]) }

    /// Starts listening; request n gets `answers[n]`, or the last of them, until ``stop()``.
    public init(answering answers: [Answer]) throws {
        guard !answers.isEmpty else { throw POSIXError(.EINVAL) }
        self.answers = answers
        (descriptor, port) = try LoopbackSocket.listen()
        guard let url = URL(string: "http://127.0.0.1:\(port)/") else { throw POSIXError(.EINVAL) }
        self.url = url
        let thread = Thread { [self] in serve() }
        thread.start()
    }

    /// Stops listening; a connection being answered is finished.
    public func stop() { shutdown(descriptor, Int32(SHUT_RDWR)) }

    private func serve() {
        while true {
            let connection = accept(descriptor, nil, nil)
            guard connection >= 0 else { break }
            answer(connection)
            close(connection)
        }
        close(descriptor)
    }

    /// Reads the head and a `Content-Length` body, then writes the answer.
    private func answer(_ connection: Int32) {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        var headEnd: Int?
        while headEnd == nil || received.count < (headEnd ?? 0) + contentLength(received, headEnd) {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            received += buffer[..<count]
            if headEnd == nil, let end = received.firstRange(of: Array("\r\n\r\n".utf8)) { headEnd = end.upperBound }
        }
        let head = String(decoding: received.prefix(headEnd ?? received.count), as: UTF8.self)
        let answer = lock.withLock {
            lines.append(head.components(separatedBy: "\r\n").first ?? "")
            return answers[min(lines.count, answers.count) - 1]
        }
        var text = "HTTP/1.1 \(answer.status) Canned\r\nConnection: close\r\nContent-Length: \(answer.body.count)\r\n"
        for field in answer.headerFields {
            text += "\(field.name): \(field.value.replacingOccurrences(of: "{port}", with: "\(port)"))\r\n"
        }
        let bytes = Array((text + "\r\n").utf8) + Array(answer.body)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Self.noSignal) }
            guard count > 0 else { break }
            sent += count
        }
    }

    /// A peer that closed early must not end the test process with SIGPIPE.
    #if os(Linux)
    private static let noSignal = Int32(MSG_NOSIGNAL)
    #else
    private static let noSignal: Int32 = 0
    #endif

    private func contentLength(_ received: [UInt8], _ headEnd: Int?) -> Int {
        guard let headEnd else { return 0 }
        let head = String(decoding: received.prefix(headEnd), as: UTF8.self).lowercased()
        guard let line = head.components(separatedBy: "\r\n").first(where: { $0.hasPrefix("content-length:") }) else {
            return 0
        }
        return Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) ?? 0
    }
}
