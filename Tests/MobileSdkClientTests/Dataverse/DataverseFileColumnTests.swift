import DataverseModel
import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkTesting
import Testing

/// Dataverse file and image columns, in the shapes of "Use file column data" and "Use image column data" (Web API):
/// a file column is a `StreamReference`; uploads above the block size go in chunks (`x-ms-transfer-mode: chunked`,
/// then `Content-Range` parts to the session's `Location`), downloads in ranges; full-size images at `?size=full`.
struct DataverseFileColumnTests {
    private static let opportunity = UUID(uuidString: "2f1e4b6c-8d9a-4b0c-9e1f-3a5b7c9d1e2f")!
    private let root = "https://contoso.crm.dynamics.com/api/data/v9.2/"
    private var column: String { root + "opportunities(2f1e4b6c-8d9a-4b0c-9e1f-3a5b7c9d1e2f)/new_contractdocument" }

    private func client(_ transport: ScriptedTransport, blockSize: Int = 8) -> ODataClient {
        var configuration = ODataClient.Configuration.dataverse(
            serviceRoot: TestClients.dataverseRoot,
            authentication: NoAuthentication()
        )
        configuration.transport = transport
        configuration.retryPolicy = .none
        configuration.registry = TestClients.dataverseRegistry
        configuration.transferBlockSize = blockSize
        return ODataClient(configuration)
    }

    private static let content = Data("The contract, twenty-eight b".utf8)

    /// Downloads the opportunity's document through `transport` into a new folder: what the download returned and the
    /// bytes the destination holds.
    private func downloadDocument(_ transport: ScriptedTransport) async throws -> (DownloadedStream, Data) {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let destination = directory.appendingPathComponent("contract.pdf")
        let downloaded = try await client(transport)
            .download(Opportunity(id: Self.opportunity).newContractDocument, to: destination)
        #expect(!FileManager.default.fileExists(atPath: destination.path + ".partial"))
        return (downloaded, try Data(contentsOf: destination))
    }

    private func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "FileColumnTests-" + UUID().uuidString
        )
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test func aRetrievedFileColumnIsAReferenceWithTheFilesNameAndNoSettableId() async throws {
        let transport = ScriptedTransport(
            .json(
                """
                {"@odata.etag":"W/\\"1\\"","opportunityid":"2f1e4b6c-8d9a-4b0c-9e1f-3a5b7c9d1e2f","name":"Renewal",
                 "new_contractdocument":"a1b2c3d4-0000-4000-8000-000000000001","new_contractdocument_name":"contract.pdf"}
                """
            )
        )
        let opportunity = try await client(transport).retrieve(Opportunity.self, id: Self.opportunity)

        let document = opportunity.newContractDocument
        #expect(document.kind == .file("new_contractdocument"))
        #expect(document.entitySet == "opportunities")
        #expect(document.key == .id(Self.opportunity))
        #expect(document.fileName == "contract.pdf")
        #expect(document.hasContent == true)
        #expect(Opportunity(id: Self.opportunity).newContractDocument.hasContent == nil)
    }

    @Test func aLargeFileIsUploadedInChunksOfTheSizeTheServiceAsksFor() async throws {
        let transport = ScriptedTransport()
        transport.route(
            "PATCH",
            "new_contractdocument",
            .status(
                200,
                headers: ["Location": column + "?sessiontoken=7f3a", "x-ms-chunk-size": "10", "Accept-Ranges": "bytes"]
            ),
            .status(206),
            .status(206),
            .status(204)
        )
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("contract.pdf")
        try Self.content.write(to: file)
        let reports = ProgressReports()

        try await client(transport)
            .upload(
                contentsOf: file,
                to: Opportunity(id: Self.opportunity).newContractDocument,
                progress: reports.record
            )

        let requests = transport.requests
        #expect(requests.count == 4)
        let start = try #require(requests.first)
        #expect(start.url.absoluteString == column)
        #expect(start[header: "x-ms-transfer-mode"] == "chunked")
        #expect(start[header: "x-ms-file-name"] == "contract.pdf")
        #expect(start.body == nil)
        let parts = requests.dropFirst()
        #expect(parts.map(\.url.absoluteString) == Array(repeating: column + "?sessiontoken=7f3a", count: 3))
        #expect(parts.map { $0[header: "Content-Range"] } == ["bytes 0-9/28", "bytes 10-19/28", "bytes 20-27/28"])
        #expect(
            parts.allSatisfy {
                $0[header: "Content-Type"] == "application/octet-stream"
                    && $0[header: "x-ms-file-name"] == "contract.pdf"
            }
        )
        #expect(Data(parts.compactMap(\.body).joined()) == Self.content)
        #expect(reports.values.last == TransferProgress(completedBytes: 28, totalBytes: 28))
    }

    @Test func aSmallFileGoesInOnePatch() async throws {
        let transport = ScriptedTransport(.status(204))
        try await client(transport, blockSize: 64)
            .upload(
                Data("small".utf8),
                to: Opportunity(id: Self.opportunity).newContractDocument,
                contentType: "text/plain",
                fileName: "note.txt"
            )

        let request = try #require(transport.requests.first)
        #expect(request.method == "PATCH")
        #expect(request.url.absoluteString == column)
        #expect(request[header: "x-ms-file-name"] == "note.txt")
        #expect(request[header: "Content-Type"] == "text/plain")
        #expect(request[header: "x-ms-transfer-mode"] == nil)
        #expect(request.body == Data("small".utf8))
    }

    @Test func aRejectedBlockStopsTheUploadWithTheServicesError() async throws {
        let transport = ScriptedTransport()
        transport.route(
            "PATCH",
            "new_contractdocument",
            .status(200, headers: ["Location": column + "?sessiontoken=7f3a", "x-ms-chunk-size": "10"]),
            .status(206),
            .json(#"{"error":{"code":"0x80072f19","message":"The block is larger than the chunk size."}}"#, status: 400)
        )

        await #expect(throws: ODataServiceError.self) {
            try await client(transport)
                .upload(Self.content, to: Opportunity(id: Self.opportunity).newContractDocument, fileName: "c.pdf")
        }
        #expect(transport.requests.count == 3)
    }

    @Test func aFileIsDownloadedInRangesIntoTheDestination() async throws {
        let transport = ScriptedTransport()
        let headers = [
            "Content-Type": "application/pdf", "x-ms-file-name": "contract.pdf", "x-ms-file-size": "28",
            "Accept-Ranges": "bytes",
        ]
        func part(_ range: Range<Int>) -> ScriptedTransport.Reply {
            var fields = headers
            fields["Content-Range"] = "bytes \(range.lowerBound)-\(range.upperBound - 1)/28"
            return .response(HTTPResponse(statusCode: 206, headerFields: fields, body: Self.content.subdata(in: range)))
        }
        transport.route("GET", "new_contractdocument/$value", part(0..<8), part(8..<16), part(16..<24), part(24..<28))

        let (downloaded, content) = try await downloadDocument(transport)

        #expect(content == Self.content)
        #expect(downloaded.byteCount == 28)
        #expect(downloaded.fileName == "contract.pdf")
        #expect(downloaded.contentType == "application/pdf")
        #expect(
            transport.requests.map { $0[header: "Range"] } == ["bytes=0-7", "bytes=8-15", "bytes=16-23", "bytes=24-31"]
        )
    }

    @Test func anInterruptedDownloadResumesFromItsPartialFile() async throws {
        let transport = ScriptedTransport()
        transport.route("GET", "new_contractdocument/$value", .connectionLost)
        transport.route(
            "GET",
            "new_contractdocument/$value",
            .response(
                HTTPResponse(
                    statusCode: 206,
                    headerFields: ["Content-Range": "bytes 8-15/16"],
                    body: Self.content.subdata(in: 8..<16)
                )
            )
        )
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let destination = directory.appendingPathComponent("contract.pdf")
        try Data("keep me".utf8).write(to: destination)
        try Self.content.prefix(8).write(to: destination.appendingPathExtension("partial"))
        let client = client(transport)
        var reference = Opportunity(id: Self.opportunity).newContractDocument
        reference.eTag = "W/\"7\""

        await #expect(throws: URLError.self) { try await client.download(reference, to: destination, resuming: true) }
        #expect(
            try Data(contentsOf: destination) == Data("keep me".utf8),
            "a failed download leaves the destination as it was"
        )

        try await client.download(reference, to: destination, resuming: true)
        #expect(try Data(contentsOf: destination) == Self.content.prefix(16))
        let resumed = try #require(transport.requests.last)
        #expect(resumed[header: "Range"] == "bytes=8-15")
        #expect(resumed[header: "If-Range"] == "W/\"7\"")
    }

    @Test func aServiceIgnoringRangesSendsTheWholeStreamOnce() async throws {
        let transport = ScriptedTransport(
            .response(
                HTTPResponse(statusCode: 200, headerFields: ["Content-Type": "application/pdf"], body: Self.content)
            )
        )

        let (downloaded, content) = try await downloadDocument(transport)

        #expect(content == Self.content)
        #expect(downloaded.byteCount == 28)
        #expect(transport.requests.count == 1)
    }

    @Test func theFullSizeImageOfAnImageColumnIsAskedForBySize() async throws {
        let image = Data([0x89, 0x50, 0x4E, 0x47])
        let transport = ScriptedTransport(
            .response(HTTPResponse(statusCode: 200, headerFields: ["Content-Type": "image/png"], body: image))
        )
        let account = Account(id: IDs.account)
        let reference = try #require(account.fullSizeImage(\.entityImage))

        #expect(try await client(transport).data(of: reference) == image)
        let request = try #require(transport.requests.first)
        #expect(
            request.url.absoluteString == root
                + "accounts(7a4814f9-b0b8-ea11-a812-000d3a122b89)/entityimage/$value?size=full"
        )
        #expect(request[header: "Accept"] == "*/*")
    }

    @Test func deletingAFileRemovesTheColumnsContent() async throws {
        let transport = ScriptedTransport(.status(204))
        try await client(transport).deleteContent(of: Opportunity(id: Self.opportunity).newContractDocument)

        let request = try #require(transport.requests.first)
        #expect(request.method == "DELETE")
        #expect(request.url.absoluteString == column)
    }
}

/// Progress reports as they came.
final class ProgressReports: @unchecked Sendable {
    private let lock = NSLock()
    private var reports: [TransferProgress] = []

    var values: [TransferProgress] {
        lock.lock()
        defer { lock.unlock() }
        return reports
    }

    var record: TransferProgress.Handler {
        { [self] progress in
            lock.lock()
            reports.append(progress)
            lock.unlock()
        }
    }
}
