import Foundation

/// Reading multipart/mixed `$batch` responses.
enum MultipartBody {
    /// The `boundary` parameter of a multipart content type.
    static func boundary(_ contentType: String) -> String? {
        guard contentType.lowercased().hasPrefix("multipart/") else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0].lowercased() == "boundary" {
                return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
        }
        return nil
    }

    /// A response and the `Content-ID` of the part it came in.
    struct Part {
        var response: HTTPResponse
        var contentID: String?
    }

    /// The responses by top-level part: one for a request, those of a change set together (one, for a change set
    /// that failed as a whole).
    static func groups(_ body: Data, boundary: String) -> [[Part]] {
        let text = String(decoding: body, as: UTF8.self)
        var groups: [[Part]] = []
        for part in text.components(separatedBy: "--" + boundary).dropFirst() {
            if part.hasPrefix("--") { break }
            let (headers, content) = split(String(part.trimmingPrefix("\r\n")))
            if let nested = headers["content-type"].flatMap(Self.boundary) {
                groups.append(self.groups(Data(content.utf8), boundary: nested).flatMap(\.self))
            } else if let response = httpResponse(content) {
                groups.append([Part(response: response, contentID: headers["content-id"])])
            }
        }
        return groups
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

    /// Header fields (names lowercased; with `statusLine`, the status code under "status") and what follows the blank
    /// line.
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
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
                .trimmingCharacters(in: .whitespaces)
        }
        return (headers, rest)
    }
}
