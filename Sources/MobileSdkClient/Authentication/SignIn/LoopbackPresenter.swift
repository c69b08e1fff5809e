import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Signs in through the system browser and a redirect to this machine (RFC 8252 §7.3): listens on 127.0.0.1 (the
/// redirect URI's port, or any free one when it names none; a redirect URI naming `localhost` keeps that name), has
/// `openBrowser` open the sign-in page, and waits for the browser's request to the redirect URI, which it answers
/// with a page saying the user may close the window. For desktop apps and command-line tools; apps on iOS use
/// `WebAuthenticationSessionPresenter`.
public struct LoopbackPresenter: AuthorizationPresenter {
    private let openBrowser: @Sendable (URL) async throws -> Void
    private let timeout: TimeInterval

    /// `openBrowser` opens the URL in the user's browser (`NSWorkspace.shared.open` on macOS, `xdg-open` on Linux) or
    /// prints it; the sign-in fails after `timeout` seconds without a redirect.
    public init(timeout: TimeInterval = 300, openBrowser: @escaping @Sendable (URL) async throws -> Void) {
        self.timeout = timeout
        self.openBrowser = openBrowser
    }

    /// Listens on 127.0.0.1, has `openBrowser` open the sign-in page with the listener's port in the redirect URI,
    /// and returns the first request to the redirect URI's path. Throws ``SignInError/timedOut`` when none comes in
    /// time, ``SignInError/listenerFailed(_:)`` when it cannot listen, and `CancellationError` when the task is
    /// cancelled.
    public func present(_ request: AuthorizationRequest) async throws -> AuthorizationCallback {
        let listener = try LoopbackListener(port: UInt16(request.redirectURI.port ?? 0))
        defer { listener.close() }
        var components = URLComponents(url: request.redirectURI, resolvingAgainstBaseURL: true)
        // The host the app registered when it names this machine (Entra ID registers `localhost`), else 127.0.0.1;
        // the port is the listener's.
        if components?.host?.lowercased() != "localhost" { components?.host = "127.0.0.1" }
        components?.port = Int(listener.port)
        guard let redirectURI = components?.url else {
            throw ODataClientError.invalidRequest("the redirect URI \(request.redirectURI) is not a URL")
        }
        try await openBrowser(request.url(redirectingTo: redirectURI))
        let deadline = Date().addingTimeInterval(timeout)
        let path = redirectURI.path.isEmpty ? "/" : redirectURI.path
        while true {
            try Task.checkCancellation()
            guard Date() < deadline else { throw SignInError.timedOut }
            // Short waits, so that cancellation is noticed; the work runs off the caller's executor.
            guard let target = try await listener.nextRequestTarget(waitingMilliseconds: 200) else { continue }
            guard let url = URL(string: target, relativeTo: redirectURI)?.absoluteURL, url.path == path else {
                continue
            }
            return AuthorizationCallback(url: url, redirectURI: redirectURI)
        }
    }
}

/// A TCP listener on 127.0.0.1 that reads request lines and answers each with a short page.
private final class LoopbackListener: @unchecked Sendable {
    private var socketDescriptor: Int32
    let port: UInt16

    init(port: UInt16) throws {
        #if canImport(Darwin)
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #else
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        guard descriptor >= 0 else { throw SignInError.listenerFailed(errno) }
        var on: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        #if canImport(Darwin)
        setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
        var address = sockaddr_in()
        #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(descriptor, 4) == 0 else {
            let failure = errno
            _ = SystemCalls.close(descriptor)
            throw SignInError.listenerFailed(failure)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        socketDescriptor = descriptor
        self.port = UInt16(bigEndian: address.sin_port)
    }

    /// The target of the next request's request line (`/callback?code=…`), or nil when none came within the wait.
    @concurrent func nextRequestTarget(waitingMilliseconds: Int32) async throws -> String? {
        var descriptor = pollfd(fd: socketDescriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, waitingMilliseconds) > 0 else { return nil }
        let connection = accept(socketDescriptor, nil, nil)
        guard connection >= 0 else { return nil }
        defer { _ = SystemCalls.close(connection) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while received.count < 16384, !received.containsHeaderEnd {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            received += buffer[0..<count]
        }
        let head = String(decoding: received, as: UTF8.self)
        let words = head.prefix { $0 != "\r" && $0 != "\n" }.split(separator: " ")
        let page =
            "<!DOCTYPE html><meta charset=utf-8><title>Signed in</title>"
            + "<p>You can close this window and return to the app.</p>\n"
        let reply =
            "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\n"
            + "Content-Length: \(page.utf8.count)\r\nConnection: close\r\n\r\n" + page
        _ = reply.withCString { send(connection, $0, strlen($0), Self.noSignal) }
        guard words.count >= 2, words[0] == "GET" else { return nil }
        return String(words[1])
    }

    /// Sending to a browser that went away must not raise SIGPIPE.
    #if canImport(Darwin)
    private static let noSignal: Int32 = 0
    #else
    private static let noSignal = Int32(MSG_NOSIGNAL)
    #endif

    func close() {
        if socketDescriptor >= 0 { _ = SystemCalls.close(socketDescriptor) }
        socketDescriptor = -1
    }
}

/// `close(2)`, which the listener's own `close()` hides.
private enum SystemCalls {
    static func close(_ descriptor: Int32) -> Int32 {
        #if canImport(Darwin)
        Darwin.close(descriptor)
        #elseif canImport(Glibc)
        Glibc.close(descriptor)
        #else
        Musl.close(descriptor)
        #endif
    }
}

private extension [UInt8] {
    var containsHeaderEnd: Bool {
        guard count >= 4 else { return false }
        return (0...(count - 4))
            .contains { self[$0] == 13 && self[$0 + 1] == 10 && self[$0 + 2] == 13 && self[$0 + 3] == 10 }
    }
}
