import Foundation

/// GETs paths under the service root as JSON, with the sign-in and query parameters of the fetch.
struct WebAPIGetter: Sendable {
    let request: FetchRequest
    let headerFields: [(name: String, value: String)]
    let downloader: MetadataDownloader

    /// The response and the URL as it may be shown (no query parameters).
    func get(_ path: String, conditional: [(name: String, value: String)] = []) async throws -> (
        response: MetadataDownloader.Response, shown: String
    ) {
        let shown = request.shownRoot + path
        guard let url = request.url(relative: path) else { throw FetchError("cannot form a URL for \(shown)") }
        let fields =
            headerFields + conditional + [
                (name: "Accept", value: "application/json"), (name: "OData-MaxVersion", value: "4.0"),
                (name: "OData-Version", value: "4.0"),
            ]
        return (try await downloader.get(url, headerFields: fields, shownURL: shown), shown)
    }

    func check(_ response: MetadataDownloader.Response, shown: String, what: String) throws {
        try FetchStatus.check(response, url: shown, what: what)
        let type = response.headerValue("Content-Type")?.lowercased() ?? ""
        guard type.contains("json") else {
            let hint = type.contains("html") ? ": an HTML page, probably a sign-in page; check the credentials" : ""
            throw FetchError(
                "\(shown) sent \(type.isEmpty ? "no content type" : type) instead of JSON\(hint); nothing was written"
            )
        }
    }
}

extension MetadataDownloader.Response {
    /// The response's ETag and Last-Modified, if it has either.
    var validators: FetchCache.Validators? {
        FetchCache.Validators(etag: headerValue("ETag"), lastModified: headerValue("Last-Modified"))
    }
}
