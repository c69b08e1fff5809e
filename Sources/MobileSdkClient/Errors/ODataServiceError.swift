import Foundation
import ServiceAccess

/// An error the service answered with: the HTTP status, and the code and message of its OData error payload
/// (`{"error": {"code", "message"}}` in v4, `{"error": {"code", "message": {"value"}}}` in v2).
public struct ODataServiceError: Error, Sendable, CustomStringConvertible {
    /// The response's HTTP status, such as 404 or 412.
    public var statusCode: Int
    /// The `code` of the OData error payload (a number as text, when the service sent a number); empty when the
    /// body had no payload.
    public var code: String
    /// The `message` of the OData error payload; else the body's text, or the status's reason phrase (`Not Found`).
    public var message: String
    /// The innermost message of `innererror` / `details`, when the service gave one.
    public var innerMessage: String?
    /// The failed request, as `METHOD url`.
    public var request: String
    /// How long the service asked to wait before trying again (429, 503).
    public var retryAfter: TimeInterval?

    /// Creates an error from its parts, such as one an app's tests throw; `retryAfter` is in seconds.
    public init(
        statusCode: Int,
        code: String,
        message: String,
        innerMessage: String? = nil,
        request: String,
        retryAfter: TimeInterval? = nil
    ) {
        self.statusCode = statusCode
        self.code = code
        self.message = message
        self.innerMessage = innerMessage
        self.request = request
        self.retryAfter = retryAfter
    }

    /// `METHOD url: status code: message (inner message)`; never header values.
    public var description: String {
        "\(request): \(statusCode) \(code.isEmpty ? "" : code + ": ")\(message)"
            + (innerMessage.map { " (\($0))" } ?? "")
    }

    /// The error a response describes; the body is read as an OData error payload where it is one.
    init(response: HTTPResponse, request: HTTPRequest) {
        statusCode = response.statusCode
        self.request = request.summary
        retryAfter = response[header: "Retry-After"].flatMap { RetryAfter.delay($0) }
        code = ""
        message = HTTPURLResponseStatus.text(response.statusCode)
        guard let object = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any],
            let error = (object["error"] ?? object["odata.error"]) as? [String: Any]
        else {
            if let text = String(data: response.body.prefix(500), encoding: .utf8), !text.isEmpty, !text.hasPrefix("<")
            {
                message = text
            }
            return
        }
        code = (error["code"] as? String) ?? (error["code"] as? NSNumber)?.stringValue ?? ""
        if let text = error["message"] as? String {
            message = text
        } else if let value = (error["message"] as? [String: Any])?["value"] as? String {
            message = value
        }
        var inner = error["innererror"] as? [String: Any]
        while let nested = inner?["internalexception"] as? [String: Any] ?? inner?["innererror"] as? [String: Any] {
            inner = nested
        }
        innerMessage = inner?["message"] as? String
        if innerMessage == nil, let details = error["details"] as? [[String: Any]] {
            innerMessage = details.compactMap { $0["message"] as? String }.first
        }
    }
}

/// Reason phrases for statuses whose response has no error payload.
enum HTTPURLResponseStatus {
    static func text(_ status: Int) -> String {
        switch status {
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 409: "Conflict"
        case 412: "Precondition Failed"
        case 428: "Precondition Required"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: "HTTP \(status)"
        }
    }
}
