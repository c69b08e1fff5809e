import Foundation
import MobileSdk

/// What a finished download wrote.
public struct DownloadedStream: Sendable, Hashable {
    /// The file holding the content.
    public var file: URL
    /// The content's size in bytes.
    public var byteCount: Int64
    /// The content's media type, as the service sent it.
    public var contentType: String?
    /// The file's name, when the service sent one (Dataverse's `x-ms-file-name`).
    public var fileName: String?
}

extension ODataClient {
    /// Downloads a stream into `destination`, replacing it, without holding the content in memory: in parts of
    /// ``Configuration/transferBlockSize`` where the service answers range requests (Dataverse files and images do),
    /// else in one response.
    ///
    /// The content goes to `destination` with `.partial` appended and is moved to `destination` once complete, so a
    /// download that fails or is cancelled leaves `destination` as it was. With `resuming`, a `.partial` file an
    /// interrupted download left is continued from its end (when the stream has not changed since, as far as its
    /// ETag tells) instead of downloaded again.
    @discardableResult nonisolated(nonsending) public func download(
        _ stream: StreamReference,
        to destination: URL,
        resuming: Bool = false,
        progress: TransferProgress.Handler? = nil
    ) async throws -> DownloadedStream {
        let url = try readURL(of: stream)
        let partial = destination.appendingPathExtension("partial")
        let fileManager = FileManager.default
        if !resuming { try? fileManager.removeItem(at: partial) }
        if !fileManager.fileExists(atPath: partial.path) {
            guard fileManager.createFile(atPath: partial.path, contents: nil) else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSURLErrorKey: partial])
            }
        }
        var offset = Int64(
            (try? fileManager.attributesOfItem(atPath: partial.path)[.size] as? NSNumber)?.int64Value ?? 0
        )
        let blockSize = Int64(max(1, configuration.transferBlockSize))
        var total: Int64?
        var contentType: String?
        var fileName: String?
        while total.map({ offset < $0 }) ?? true {
            var request = try streamRequest("GET", url)
            request[header: "Range"] = "bytes=\(offset)-\(offset + blockSize - 1)"
            if offset > 0, let eTag = stream.eTag { request[header: "If-Range"] = eTag }
            let (start, knownTotal) = (offset, total)
            let response: HTTPResponse
            do {
                response = try await exchange(request) { transport, request in
                    try await transport.download(
                        request,
                        into: partial.deletingLastPathComponent(),
                        progress: progress.map { report in
                            { @Sendable part in
                                let total = knownTotal ?? part.totalBytes.map { start + $0 }
                                report(TransferProgress(completedBytes: start + part.completedBytes, totalBytes: total))
                            }
                        }
                    )
                }
            } catch let error as ODataServiceError where error.statusCode == 416 && offset > 0 {
                // Nothing after `offset`: the partial file holds it all.
                total = offset
                break
            }
            guard let file = response.bodyFile else {
                throw ODataClientError.unexpectedResponse("the transport returned no file", request: request.summary)
            }
            defer { try? fileManager.removeItem(at: file) }
            contentType = response[header: "Content-Type"] ?? contentType
            fileName = response[header: "x-ms-file-name"] ?? fileName
            let received = Int64(
                (try fileManager.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.int64Value ?? 0
            )
            if response.statusCode == 206 {
                guard let range = ContentRange(response[header: "Content-Range"]), range.first == offset,
                    range.count == received
                else {
                    throw ODataClientError.unexpectedResponse(
                        "the part does not start at byte \(offset) or has another size than its Content-Range says",
                        request: request.summary
                    )
                }
                try Self.append(file, to: partial)
                offset += received
                total = range.total ?? (received < blockSize ? offset : nil)
            } else {
                // The whole content (the service ignored the range, or it changed since the partial download).
                try fileManager.removeItem(at: partial)
                try fileManager.moveItem(at: file, to: partial)
                offset = received
                total = received
            }
            progress?(TransferProgress(completedBytes: offset, totalBytes: total))
        }
        // rename(2) replaces the destination in one step: it holds the old content or the new, never neither.
        guard rename(partial.path, destination.path) == 0 else {
            throw CocoaError(
                .fileWriteUnknown,
                userInfo: [
                    NSFilePathErrorKey: destination.path,
                    NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(errno)),
                ]
            )
        }
        return DownloadedStream(
            file: destination,
            byteCount: offset,
            contentType: contentType,
            fileName: fileName ?? stream.fileName
        )
    }

    /// A stream's content in memory: for small streams (thumbnails, short documents); use
    /// ``download(_:to:resuming:progress:)`` for the rest.
    nonisolated(nonsending) public func data(of stream: StreamReference) async throws -> Data {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "MobileSdkClient-" + UUID().uuidString
        )
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let downloaded = try await download(stream, to: directory.appendingPathComponent("content"))
        return try Data(contentsOf: downloaded.file)
    }

    /// Replaces a stream's content with a file's, read as it is sent: one PUT of a media resource or stream
    /// property (`If-Match` with the stream's ETag when known); for a Dataverse file or image column one PATCH, or
    /// above ``Configuration/transferBlockSize`` a chunked upload (`x-ms-transfer-mode: chunked`) of parts of the
    /// size the service asks for. `fileName` defaults to the file's.
    nonisolated(nonsending) public func upload(
        contentsOf file: URL,
        to stream: StreamReference,
        contentType: String = "application/octet-stream",
        fileName: String? = nil,
        progress: TransferProgress.Handler? = nil
    ) async throws {
        let size = Int64(
            (try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.int64Value ?? 0
        )
        let source = UploadSource.file(file, size: size)
        try await upload(
            source,
            to: stream,
            contentType: contentType,
            fileName: fileName ?? file.lastPathComponent,
            progress: progress
        )
    }

    /// Replaces a stream's content with `data`, like ``upload(contentsOf:to:contentType:fileName:progress:)``.
    nonisolated(nonsending) public func upload(
        _ data: Data,
        to stream: StreamReference,
        contentType: String = "application/octet-stream",
        fileName: String? = nil,
        progress: TransferProgress.Handler? = nil
    ) async throws {
        try await upload(.data(data), to: stream, contentType: contentType, fileName: fileName, progress: progress)
    }

    /// Removes a stream's content: a media resource's, a stream property's, or a Dataverse file or image column's.
    nonisolated(nonsending) public func deleteContent(of stream: StreamReference) async throws {
        var request = try streamRequest("DELETE", try writeURL(of: stream))
        if let eTag = stream.eTag { request[header: "If-Match"] = eTag }
        _ = try await send(request)
    }

    /// Creates a media entity from a file (a POST of the content to the entity set) and returns the entity the
    /// service made of it, whose other properties can then be set and updated. `slug` is sent as the `Slug` header,
    /// which some services (OData v2) take as the new entity's name or key.
    nonisolated(nonsending) public func createMediaEntity<T: Entity>(
        _ type: T.Type,
        contentsOf file: URL,
        contentType: String,
        slug: String? = nil,
        entitySet: String? = nil,
        progress: TransferProgress.Handler? = nil
    ) async throws -> T {
        let set = try entitySetName(type, entitySet)
        var preferences = configuration.preferences
        preferences.returnContent = .representation
        var request = try self.request("POST", URLText.path(set), preferences: preferences)
        request[header: "Content-Type"] = contentType
        if let slug { request[header: "Slug"] = slug }
        let response = try await exchange(request) { transport, request in
            try await transport.upload(request, fromFile: file, progress: progress)
        }
        guard !response.body.isEmpty else {
            throw ODataClientError.unexpectedResponse(
                "the service returned no representation of the new entity",
                request: request.summary
            )
        }
        let decoder = decoder
        let entity = try await decodingConcurrently(request) {
            try decoder.decodeEntity(type, from: response.body, logicalName: nil)
        }
        if entity.eTag == nil { entity.eTag = response[header: "ETag"] }
        return entity
    }

    // MARK: Uploads

    /// What an upload sends.
    private enum UploadSource {
        case file(URL, size: Int64)
        case data(Data)

        var size: Int64 {
            switch self {
            case .file(_, let size): size
            case .data(let data): Int64(data.count)
            }
        }

        /// The bytes from `offset`, at most `count` of them.
        func part(at offset: Int64, count: Int) throws -> Data {
            switch self {
            case .file(let url, _):
                let handle = try FileHandle(forReadingFrom: url)
                defer { try? handle.close() }
                try handle.seek(toOffset: UInt64(offset))
                return try handle.read(upToCount: count) ?? Data()
            case .data(let data):
                let start = data.startIndex + Int(offset)
                return data.subdata(in: start..<min(data.endIndex, start + count))
            }
        }
    }

    nonisolated(nonsending) private func upload(
        _ source: UploadSource,
        to stream: StreamReference,
        contentType: String,
        fileName: String?,
        progress: TransferProgress.Handler?
    ) async throws {
        let url = try writeURL(of: stream)
        switch stream.kind {
        case .file, .image:
            var request = try streamRequest("PATCH", url)
            if let fileName { request[header: "x-ms-file-name"] = fileName }
            if source.size > Int64(configuration.transferBlockSize) {
                try await uploadInChunks(source, request: request, contentType: contentType, progress: progress)
            } else {
                request[header: "Content-Type"] = contentType
                try await uploadWhole(source, request: request, progress: progress)
            }
        case .mediaResource, .property:
            var request = try streamRequest("PUT", url)
            request[header: "Content-Type"] = contentType
            if let eTag = stream.eTag { request[header: "If-Match"] = eTag }
            try await uploadWhole(source, request: request, progress: progress)
        }
    }

    nonisolated(nonsending) private func uploadWhole(
        _ source: UploadSource,
        request: HTTPRequest,
        progress: TransferProgress.Handler?
    ) async throws {
        switch source {
        case .file(let file, _):
            _ = try await exchange(request) { transport, request in
                try await transport.upload(request, fromFile: file, progress: progress)
            }
        case .data(let data):
            var request = request
            request.body = data
            _ = try await send(request)
            progress?(TransferProgress(completedBytes: Int64(data.count), totalBytes: Int64(data.count)))
        }
    }

    /// Dataverse's chunked upload: a PATCH with `x-ms-transfer-mode: chunked` opens a session (its `Location`, and the
    /// part size in `x-ms-chunk-size`); each part is a PATCH there with its `Content-Range`; the last one commits.
    nonisolated(nonsending) private func uploadInChunks(
        _ source: UploadSource,
        request: HTTPRequest,
        contentType: String,
        progress: TransferProgress.Handler?
    ) async throws {
        var start = request
        start[header: "x-ms-transfer-mode"] = "chunked"
        let session = try await send(start)
        guard let location = session[header: "Location"] else {
            throw ODataClientError.unexpectedResponse(
                "the service opened no upload session (no Location)",
                request: start.summary
            )
        }
        let asked = session[header: "x-ms-chunk-size"].flatMap { Int($0) } ?? 0
        let partSize = asked > 0 ? asked : configuration.transferBlockSize
        let total = source.size
        var offset: Int64 = 0
        while offset < total {
            try Task.checkCancellation()
            let part = try source.part(at: offset, count: partSize)
            guard !part.isEmpty else { throw CocoaError(.fileReadUnknown) }
            var chunk = try streamRequest("PATCH", try resolve(location))
            chunk[header: "x-ms-file-name"] = request[header: "x-ms-file-name"]
            chunk[header: "Content-Type"] = "application/octet-stream"
            chunk[header: "Content-Range"] = "bytes \(offset)-\(offset + Int64(part.count) - 1)/\(total)"
            chunk.body = part
            _ = try await send(chunk)
            offset += Int64(part.count)
            progress?(TransferProgress(completedBytes: offset, totalBytes: total))
        }
    }

    // MARK: Addresses

    /// A request for stream content: the client's headers, but any content type accepted and no JSON body.
    private func streamRequest(_ method: String, _ url: URL) throws -> HTTPRequest {
        var request = try self.request(method, url.absoluteString)
        request[header: "Accept"] = "*/*"
        request[header: "Prefer"] = nil
        return request
    }

    /// Where the stream is read: the service's read link, else the URL by convention.
    func readURL(of stream: StreamReference) throws -> URL {
        if let link = stream.readLink { return try resolve(link) }
        let entity = try entityPath(of: stream)
        let path =
            switch stream.kind {
            case .mediaResource: entity + "/$value"
            case .property(let name): entity + "/" + URLText.path(name)
            case .file(let name): entity + "/" + URLText.path(name) + "/$value"
            case .image(let name): entity + "/" + URLText.path(name) + "/$value?size=full"
            }
        return try resolve(path)
    }

    /// Where the stream is written: the service's edit link, else its read link, else the URL by convention.
    func writeURL(of stream: StreamReference) throws -> URL {
        if let link = stream.editLink ?? stream.readLink { return try resolve(link) }
        let entity = try entityPath(of: stream)
        let path =
            switch stream.kind {
            case .mediaResource: entity + "/$value"
            case .property(let name), .file(let name), .image(let name): entity + "/" + URLText.path(name)
            }
        return try resolve(path)
    }

    private func entityPath(of stream: StreamReference) throws -> String {
        guard let set = stream.entitySet else {
            throw ODataClientError.unaddressable("the stream's entity has no entity set; set the reference's entitySet")
        }
        guard let key = stream.key else { throw ODataClientError.unaddressable("the stream's entity has no key yet") }
        return URLText.path(set) + (try key.urlSegment(version))
    }

    /// Appends one file to another, a block at a time.
    private static func append(_ file: URL, to destination: URL) throws {
        let input = try FileHandle(forReadingFrom: file)
        defer { try? input.close() }
        let output = try FileHandle(forWritingTo: destination)
        defer { try? output.close() }
        try output.seekToEnd()
        while let block = try input.read(upToCount: 1 << 20), !block.isEmpty { try output.write(contentsOf: block) }
    }
}

/// `Content-Range: bytes 0-4194303/25870370` (the total may be `*`).
struct ContentRange {
    var first: Int64
    var last: Int64
    var total: Int64?

    var count: Int64 { last - first + 1 }

    init?(_ header: String?) {
        guard let header, header.lowercased().hasPrefix("bytes ") else { return nil }
        let parts = header.dropFirst(6).split(separator: "/", maxSplits: 1)
        let bounds = parts.first?.split(separator: "-", maxSplits: 1) ?? []
        guard parts.count == 2, bounds.count == 2, let first = Int64(bounds[0].trimmingCharacters(in: .whitespaces)),
            let last = Int64(bounds[1].trimmingCharacters(in: .whitespaces)), last >= first
        else { return nil }
        self.first = first
        self.last = last
        total = Int64(parts[1].trimmingCharacters(in: .whitespaces))
    }
}
