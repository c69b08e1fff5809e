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
    /// e.g. ``createRequest(_:entitySet:)`` and ``updateRequest(_:entitySet:)``; ``makeBatch()`` gives typed results.
    nonisolated(nonsending) public func batch(_ parts: [BatchPart]) async throws -> [HTTPResponse] {
        let segments: [[BatchEntry]] = parts.map { part in
            switch part {
            case .request(let request): [BatchEntry(request: request)]
            case .changeSet(let requests): requests.enumerated().map { BatchEntry(request: $1, contentID: $0 + 1) }
            }
        }
        let changeSets = parts.map { if case .changeSet = $0 { true } else { false } }
        return try await sendBatch(zip(changeSets, segments).map { ($0, $1) }, continueOnError: false).flatMap(\.self)
            .map(\.response)
    }

    /// Sends the segments (a request on its own, or a change set) as one `$batch` and returns the responses by
    /// segment, as ``MultipartBody/groups(_:boundary:)`` reads them.
    nonisolated(nonsending) func sendBatch(
        _ segments: [(isChangeSet: Bool, entries: [BatchEntry])],
        continueOnError: Bool
    ) async throws -> [[MultipartBody.Part]] {
        let boundary = "batch_" + UUID().uuidString.lowercased()
        var body = ""
        for segment in segments {
            body += "--\(boundary)\r\n"
            if segment.isChangeSet {
                let changeSet = "changeset_" + UUID().uuidString.lowercased()
                body += "Content-Type: multipart/mixed; boundary=\(changeSet)\r\n\r\n"
                for entry in segment.entries { body += "--\(changeSet)\r\n" + Self.httpPart(entry) }
                body += "--\(changeSet)--\r\n"
            } else {
                for entry in segment.entries { body += Self.httpPart(entry) }
            }
        }
        body += "--\(boundary)--\r\n"
        var request = try request("POST", "$batch", body: Data(body.utf8))
        request[header: "Content-Type"] = "multipart/mixed; boundary=\(boundary)"
        if continueOnError, version == .v4 {
            request[header: "Prefer"] = [request[header: "Prefer"], "odata.continue-on-error"].compactMap(\.self)
                .joined(separator: ", ")
        }
        let response = try await send(request)
        guard let contentType = response[header: "Content-Type"],
            let responseBoundary = MultipartBody.boundary(contentType)
        else {
            throw ODataClientError.unexpectedResponse("the $batch response is not multipart", request: request.summary)
        }
        return MultipartBody.groups(response.body, boundary: responseBoundary)
    }

    /// `Content-Type: application/http` and the request line, headers and body.
    private static func httpPart(_ entry: BatchEntry) -> String {
        var text = "Content-Type: application/http\r\nContent-Transfer-Encoding: binary\r\n"
        if let contentID = entry.contentID { text += "Content-ID: \(contentID)\r\n" }
        let request = entry.request
        text += "\r\n\(request.method) \(entry.target ?? request.url.absoluteString) HTTP/1.1\r\n"
        for field in request.headerFields { text += "\(field.name): \(field.value)\r\n" }
        text += "\r\n"
        if let body = request.body { text += String(decoding: body, as: UTF8.self) }
        return text + "\r\n"
    }
}

/// One request of a `$batch` and how its part names it.
struct BatchEntry {
    var request: HTTPRequest
    /// The request line's target when it is not the request's URL: `$1/Trips`, relative to what the change set's
    /// request with `Content-ID: 1` created.
    var target: String?
    var contentID: Int?
}
