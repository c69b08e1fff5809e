import DataverseModel
import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkTesting
import Observation
import Testing

/// A SwiftUI-style view model on the main actor: it builds a batch from entities it holds, sends it, and downloads a
/// file column with its progress shown in observable state. This compiles only because the client's methods run on
/// the caller's actor (`nonisolated(nonsending)`) and progress arrives through a `@Sendable` handler.
@MainActor @Observable private final class OpportunityDocumentsModel {
    let client: ODataClient
    let account = Account()
    let opportunity = Opportunity(id: UUID())
    private(set) var fractionDownloaded = 0.0
    private(set) var savedAccount: EntityLocation?

    init(client: ODataClient) { self.client = client }

    func save() async throws {
        let batch = client.makeBatch()
        let created = try batch.changeSet().create(account)
        let results = try await batch.send()
        savedAccount = try results[created]
    }

    func downloadContract(to file: URL) async throws {
        try await client.download(opportunity.newContractDocument, to: file) { progress in
            Task { @MainActor in self.fractionDownloaded = progress.fractionCompleted ?? 0 }
        }
    }
}

@MainActor struct DataverseMainActorTransferTests {
    @Test func aMainActorModelSendsABatchAndDownloadsWithProgress() async throws {
        let root = TestClients.dataverseRoot.absoluteString
        let transport = ScriptedTransport()
        let boundary = "batchresponse_1"
        let batchAnswer =
            "--\(boundary)\r\nContent-Type: multipart/mixed; boundary=changeset_1\r\n\r\n--changeset_1\r\n"
            + "Content-Type: application/http\r\nContent-ID: 1\r\n\r\nHTTP/1.1 204 No Content\r\n"
            + "OData-EntityId: \(root)accounts(\(IDs.account.uuidString.lowercased()))\r\n\r\n\r\n--changeset_1--\r\n--\(boundary)--\r\n"
        transport.route(
            "POST",
            "$batch",
            .response(
                HTTPResponse(
                    statusCode: 200,
                    headerFields: ["Content-Type": "multipart/mixed; boundary=\(boundary)"],
                    body: Data(batchAnswer.utf8)
                )
            )
        )
        transport.route(
            "GET",
            "new_contractdocument/$value",
            .response(
                HTTPResponse(statusCode: 206, headerFields: ["Content-Range": "bytes 0-3/4"], body: Data("%PDF".utf8))
            )
        )
        let model = OpportunityDocumentsModel(client: TestClients.dataverse(transport))
        model.account.name = "Fabrikam"

        try await model.save()
        #expect(model.savedAccount?.id == IDs.account)
        #expect(model.account.recordId == IDs.account)

        let file = FileManager.default.temporaryDirectory.appendingPathComponent("contract-\(UUID().uuidString).pdf")
        defer { try? FileManager.default.removeItem(at: file) }
        try await model.downloadContract(to: file)
        #expect(try Data(contentsOf: file) == Data("%PDF".utf8))
        // The progress handler hops to the main actor; let it run.
        for _ in 0..<100 where model.fractionDownloaded < 1 { await Task.yield() }
        #expect(model.fractionDownloaded == 1)
    }
}
