import Foundation
import ServiceAccess

/// An error the service answered with: the HTTP status, and the code and message of its OData error payload
/// (`{"error": {"code", "message"}}` in v4, `{"error": {"code", "message": {"value"}}}` in v2).
///
/// Its `localizedDescription` is the service's own message, which services such as Dataverse write in the user's
/// language; ``reason`` says what an app branches on.
public struct ODataServiceError: Error, Sendable, CustomStringConvertible, LocalizedError {
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
    /// The record's ETag on the service, when the response sent it (a 412 that tells the version that won).
    public var eTag: String?

    /// Creates an error from its parts, such as one an app's tests throw; `retryAfter` is in seconds.
    public init(
        statusCode: Int,
        code: String,
        message: String,
        innerMessage: String? = nil,
        request: String,
        retryAfter: TimeInterval? = nil,
        eTag: String? = nil
    ) {
        self.statusCode = statusCode
        self.code = code
        self.message = message
        self.innerMessage = innerMessage
        self.request = request
        self.retryAfter = retryAfter
        self.eTag = eTag
    }

    /// `METHOD url: status code: message (inner message)`, the code left out when it only repeats the status;
    /// never header values.
    public var description: String {
        let code = code.isEmpty || code == String(statusCode) ? "" : code + ": "
        return "\(request): \(statusCode) \(code)\(message)" + (innerMessage.map { " (\($0))" } ?? "")
    }

    /// The service's message, as an alert shows it: ``message``; when the service sent none (only a status), a
    /// sentence saying what the status means, such as `The service could not find what was asked for.`
    public var errorDescription: String? {
        let trimmed = message.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.isEmpty || code.isEmpty && trimmed == HTTPURLResponseStatus.text(statusCode) else {
            return message
        }
        return switch reason {
        case .conflict: "The record was changed by someone else since it was read."
        case .throttled: "The service is busy; try again later."
        case .notFound: "The service could not find what was asked for."
        case .unauthorized: "The service did not accept the sign-in; sign in again."
        case .forbidden: "You are not allowed to do this on the service."
        case .validation: "The service refused the request as invalid."
        case .serviceFailure: "The service failed to handle the request."
        case .other: "The service refused the request (HTTP status \(statusCode))."
        }
    }

    /// What the service's answer means for an app, to branch on.
    public enum Reason: Sendable, Hashable {
        /// 412 Precondition Failed: the record changed on the service since it was read (its ETag no longer
        /// matches), or a create that must not replace a record found one. `currentETag` is the record's ETag on
        /// the service when the response sent it.
        case conflict(currentETag: String?)
        /// 429 Too Many Requests, or 503 Service Unavailable: the service did not run the request and asks the
        /// client to slow down; `retryAfter` is how long it asked to wait, in seconds, when it said.
        case throttled(retryAfter: TimeInterval?)
        /// 404 Not Found, or 410 Gone: the record or resource does not exist (any more).
        case notFound
        /// 401 Unauthorized: the credentials were refused (after the client refreshed them once).
        case unauthorized
        /// 403 Forbidden: the user may not do this.
        case forbidden
        /// 400 Bad Request, 409 Conflict or 422: the service refused what the request says, such as a required
        /// value left out or a duplicate; `code` is the service's error code (Dataverse's hexadecimal codes such as
        /// `0x80040217`, SAP Gateway's message ids such as `SY/530`), empty when it sent none.
        case validation(code: String)
        /// Another 5xx: the service failed.
        case serviceFailure
        /// Any other status.
        case other
    }

    /// What the service's answer means, from its status (and code, ETag and `Retry-After`).
    public var reason: Reason {
        switch statusCode {
        case 412: .conflict(currentETag: eTag)
        case 429, 503: .throttled(retryAfter: retryAfter)
        case 404, 410: .notFound
        case 401: .unauthorized
        case 403: .forbidden
        case 400, 409, 422: .validation(code: code)
        case 500...599: .serviceFailure
        default: .other
        }
    }

    /// The error a response describes; the body is read as an OData error payload where it is one.
    init(response: HTTPResponse, request: HTTPRequest) {
        statusCode = response.statusCode
        self.request = request.summary
        retryAfter = response[header: "Retry-After"].flatMap { RetryAfter.delay($0) }
        eTag = response[header: "ETag"]
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
        // OData v4's `details`, SAP Gateway's `innererror.errordetails`.
        let details = (error["details"] ?? inner?["errordetails"]) as? [[String: Any]]
        if innerMessage == nil, let details {
            innerMessage = details.compactMap { $0["message"] as? String }.first { $0 != message }
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
