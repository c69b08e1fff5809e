import Foundation
import MobileSdk

/// One part of a `$batch` request.
public enum BatchPart: Sendable {
    /// A request on its own (reads).
    case request(HTTPRequest)
    /// Requests that succeed or fail together.
    case changeSet([HTTPRequest])
}

extension ODataClient {
    /// Sends the parts as one `$batch` request (multipart/mixed) and returns one response per request, in order;
    /// a change set that failed answers with one error response. The requests come from the `…Request` methods,
    /// e.g. ``createRequest(_:entitySet:)`` and ``updateRequest(_:entitySet:)``.
    nonisolated(nonsending)
    public func batch(_ parts: [BatchPart]) async throws -> [HTTPResponse] {
        let boundary = "batch_" + UUID().uuidString.lowercased()
        var body = ""
        for part in parts {
            body += "--\(boundary)\r\n"
            switch part {
            case .request(let request):
                body += Self.httpPart(request, contentId: nil)
            case .changeSet(let requests):
                let changeSet = "changeset_" + UUID().uuidString.lowercased()
                body += "Content-Type: multipart/mixed; boundary=\(changeSet)\r\n\r\n"
                for (index, request) in requests.enumerated() {
                    body += "--\(changeSet)\r\n" + Self.httpPart(request, contentId: index + 1)
                }
                body += "--\(changeSet)--\r\n"
            }
        }
        body += "--\(boundary)--\r\n"
        var request = try request("POST", "$batch", body: Data(body.utf8))
        request[header: "Content-Type"] = "multipart/mixed; boundary=\(boundary)"
        let response = try await send(request)
        guard let contentType = response[header: "Content-Type"], let responseBoundary = MultipartBody.boundary(contentType) else {
            throw ODataClientError.unexpectedResponse("the $batch response is not multipart", request: request.summary)
        }
        return MultipartBody.responses(response.body, boundary: responseBoundary)
    }

    /// `Content-Type: application/http` and the request line, headers and body.
    private static func httpPart(_ request: HTTPRequest, contentId: Int?) -> String {
        var text = "Content-Type: application/http\r\nContent-Transfer-Encoding: binary\r\n"
        if let contentId { text += "Content-ID: \(contentId)\r\n" }
        text += "\r\n\(request.method) \(request.url.absoluteString) HTTP/1.1\r\n"
        for field in request.headerFields { text += "\(field.name): \(field.value)\r\n" }
        text += "\r\n"
        if let body = request.body { text += String(decoding: body, as: UTF8.self) }
        return text + "\r\n"
    }
}

/// Reading multipart/mixed `$batch` responses.
enum MultipartBody {
    /// The `boundary` parameter of a multipart content type.
    static func boundary(_ contentType: String) -> String? {
        guard contentType.lowercased().hasPrefix("multipart/") else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0].lowercased() == "boundary" { return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
        }
        return nil
    }

    /// The HTTP responses in the parts, nested change sets flattened in order.
    static func responses(_ body: Data, boundary: String) -> [HTTPResponse] {
        let text = String(decoding: body, as: UTF8.self)
        var responses: [HTTPResponse] = []
        for part in text.components(separatedBy: "--" + boundary).dropFirst() {
            if part.hasPrefix("--") { break }
            let (headers, content) = split(String(part.trimmingPrefix("\r\n")))
            if let nested = headers["content-type"].flatMap(Self.boundary) {
                responses += self.responses(Data(content.utf8), boundary: nested)
            } else if let response = httpResponse(content) {
                responses.append(response)
            }
        }
        return responses
    }

    /// `HTTP/1.1 201 Created`, headers, body.
    private static func httpResponse(_ text: String) -> HTTPResponse? {
        let (head, body) = split(text, statusLine: true)
        guard let status = head["status"].flatMap({ Int($0) }) else { return nil }
        var headers = head
        headers["status"] = nil
        // `\r\n` is one Character: drop the delimiter's line break, not the body's last character with it.
        let trimmed = body.hasSuffix("\r\n") || body.hasSuffix("\n") ? String(body.dropLast()) : body
        return HTTPResponse(statusCode: status, headerFields: headers, body: Data(trimmed.utf8))
    }

    /// Header fields (names lowercased; with `statusLine`, the status code under "status") and what follows the blank line.
    private static func split(_ text: String, statusLine: Bool = false) -> ([String: String], String) {
        let separator = text.range(of: "\r\n\r\n") ?? text.range(of: "\n\n")
        let head = separator.map { String(text[..<$0.lowerBound]) } ?? text
        let rest = separator.map { String(text[$0.upperBound...]) } ?? ""
        var headers: [String: String] = [:]
        // Split on Characters that are line breaks: `\r\n` is a single Character, which a split on "\n" may not see.
        for (index, line) in head.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = line.trimmingCharacters(in: .whitespacesAndNewlines)
            if statusLine, index == 0 {
                let words = line.split(separator: " ")
                if words.count >= 2 { headers["status"] = String(words[1]) }
                continue
            }
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return (headers, rest)
    }
}
