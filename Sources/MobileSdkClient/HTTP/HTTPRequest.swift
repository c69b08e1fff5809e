import Foundation

/// An HTTP request as the client builds it, before authentication.
public struct HTTPRequest: Sendable {
    public var method: String
    public var url: URL
    /// Header fields in the order they were set; names compare case-insensitively.
    public private(set) var headerFields: [(name: String, value: String)] = []
    public var body: Data?

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
    public var summary: String {
        "\(method) \(url.absoluteString)"
    }
}

/// An HTTP response.
public struct HTTPResponse: Sendable {
    public var statusCode: Int
    /// Header fields; names compare case-insensitively.
    public var headerFields: [String: String]
    public var body: Data

    public init(statusCode: Int, headerFields: [String: String] = [:], body: Data = Data()) {
        self.statusCode = statusCode
        self.headerFields = headerFields
        self.body = body
    }

    /// The value of a header field.
    public subscript(header name: String) -> String? {
        headerFields.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// Sends requests: `URLSessionTransport` in apps, a recorded exchange in tests.
public protocol HTTPTransport: Sendable {
    /// The response to `request`; a response that redirects is returned as is, never followed.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}
