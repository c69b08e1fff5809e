import Foundation

/// Fetches a service's `$metadata`, revalidating the copy an earlier fetch stored.
struct MetadataFetch {
    let request: FetchRequest
    let headerFields: [(name: String, value: String)]
    let downloader: MetadataDownloader

    /// The file to write (if any), given the stored copy and the cache entry it was fetched with; and the document.
    func run(existing: Data?, cached: FetchCache.Entry?) async throws -> (file: FetchedFile, document: Data) {
        var headerFields = self.headerFields
        let validators = existing == nil ? nil : cached.flatMap { $0.url == request.shownURL ? $0 : nil }
        if let etag = validators?.etag { headerFields.append((name: "If-None-Match", value: etag)) }
        if let lastModified = validators?.lastModified {
            headerFields.append((name: "If-Modified-Since", value: lastModified))
        }
        headerFields.append((name: "Accept", value: "application/xml"))

        let response = try await downloader.get(request.url, headerFields: headerFields, shownURL: request.shownURL)
        if response.status == 304, let existing, let cached {
            return (
                FetchedFile(
                    fileName: request.fileName,
                    newContent: nil,
                    outcome: "unchanged (304)",
                    cacheEntry: cached
                ), existing
            )
        }
        try FetchStatus.check(response, url: request.shownURL, what: "$metadata")
        try MetadataBodyCheck.check(
            response.body,
            contentType: response.headerValue("Content-Type"),
            from: request.shownURL
        )

        let entry = FetchCache.Entry(
            url: request.shownURL,
            etag: response.headerValue("ETag"),
            lastModified: response.headerValue("Last-Modified")
        )
        let file =
            existing == response.body
            ? FetchedFile(
                fileName: request.fileName,
                newContent: nil,
                outcome: "unchanged (same content)",
                cacheEntry: entry
            )
            : FetchedFile(
                fileName: request.fileName,
                newContent: response.body,
                outcome: """
                    \(existing == nil ? "created" : "updated") \
                    (\(response.body.count) bytes from \(request.shownURL))
                    """,
                cacheEntry: entry
            )
        return (file, response.body)
    }

    /// Whether a `$metadata` document is a Dataverse organization's (its schema is `Microsoft.Dynamics.CRM`).
    static func isDataverse(_ document: Data) -> Bool {
        document.range(of: Data("Namespace=\"Microsoft.Dynamics.CRM\"".utf8)) != nil
    }
}
