import Foundation
import TestSupport
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A second `fetch` of Dataverse entity definitions asks `RetrieveMetadataChanges` what changed since the version
/// stamp of the first and fetches only that. The `dataverse` server changes the metadata of one test run alone
/// (`POST _test/metadata?run=…`), so other tests keep seeing the sample.
@Suite(
    .enabled(if: BuiltTool.executable != nil, "the mobilesdkgen executable is not built beside the tests"),
    .enabled(
        if: (DataverseServer.root != nil && DataverseServer.log != nil) || SecuredServer.required,
        DataverseServer.skipMessage
    )
) struct FetchMetadataChangesTests {
    let run = "run-" + UUID().uuidString.prefix(8).lowercased()
    let folder: URL
    let root: String
    let entities = ["--entity", "account,contact,opportunity"]

    init() throws {
        root = try #require(DataverseServer.root, DataverseServer.skipMessage)
        folder = try Paths.temporaryDirectory()
    }

    func fetch(into folder: URL? = nil) throws -> BuiltTool.Result {
        try BuiltTool.run(
            ["fetch", root, "--name", "Org", "-o", (folder ?? self.folder).path, "--query", "run=\(run)"] + entities
        )
    }

    /// This run's lines of the server's request log, from the `skip`th on.
    func logLines(after skip: Int) throws -> [String] {
        let text = try String(contentsOfFile: try #require(DataverseServer.log), encoding: .utf8)
        return Array(text.split(separator: "\n").map(String.init).filter { $0.contains(run) }.dropFirst(skip))
    }

    /// Changes this run's organization as a customizer would.
    func change(_ parameters: String) async throws {
        let url = try #require(URL(string: root + "_test/metadata?run=\(run)&" + parameters))
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        let (_, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 204)
    }

    var document: String {
        get throws {
            try String(contentsOf: folder.appendingPathComponent("Org.entitydefinitions.json"), encoding: .utf8)
        }
    }

    @Test func onlyWhatChangedSinceTheVersionStampIsFetchedAgain() async throws {
        let first = try fetch()
        #expect(first.status == 0, "\(first.errors)")
        #expect(first.output.contains("Org.entitydefinitions.json: created (3 entities, 13 requests, "), "\(first.all)")
        let afterFirst = try logLines(after: 0).count

        // Nothing changed: one question, no definition downloaded.
        let second = try fetch()
        #expect(second.output.contains("Org.entitydefinitions.json: unchanged (nothing changed since"), "\(second.all)")
        let asked = try logLines(after: afterFirst)
        #expect(asked.count == 2, "\(asked)")  // $metadata (304) and RetrieveMetadataChanges
        #expect(asked.contains { $0.contains("ClientVersionStamp=@s") && $0.contains("@s='") && $0.contains(" 200 ") })

        // A new option of account's industry: account alone is fetched again, with its option sets.
        try await change("action=add-option&entity=account&attribute=industrycode&value=99&label=Space")
        let third = try fetch()
        #expect(third.status == 0, "\(third.errors)")
        #expect(
            third.output.contains("Org.entitydefinitions.json: updated (changed: account; 7 requests, "),
            "\(third.all)"
        )
        let refetched = try logLines(after: afterFirst + 2).filter { $0.contains("/EntityDefinitions(") }
        #expect(refetched.count == 6 && refetched.allSatisfy { $0.contains("LogicalName='account'") }, "\(refetched)")
        // The same bytes as a whole fetch of the changed organization.
        let whole = try Paths.temporaryDirectory()
        #expect(try fetch(into: whole).status == 0)
        #expect(
            try Data(contentsOf: whole.appendingPathComponent("Org.entitydefinitions.json")) == Data(try document.utf8)
        )
        #expect(try document.contains("\"Label\": \"Space\""))

        // A deleted attribute and a deleted entity.
        try await change("action=delete-attribute&entity=contact&attribute=parentcustomerid")
        try await change("action=delete-entity&entity=opportunity")
        let fourth = try fetch()
        #expect(
            fourth.output.contains("Org.entitydefinitions.json: updated (changed: contact; removed: opportunity; "),
            "\(fourth.all)"
        )
        #expect(try !document.contains("\"LogicalName\": \"opportunity\""))
        #expect(try !document.contains("\"LogicalName\": \"parentcustomerid\""))
        #expect(try document.contains("\"LogicalName\": \"contact\""))
    }

    @Test func aRefusedVersionStampFetchesEverything() async throws {
        #expect(try fetch().status == 0)
        try await change("action=expire&entity=account")
        let again = try fetch()
        #expect(again.status == 0, "\(again.errors)")
        #expect(
            again.output.contains(
                "Org.entitydefinitions.json: unchanged (same content; the version stamp of the last fetch was refused "
                    + "(400))"
            ),
            "\(again.all)"
        )
        // The whole fetch took a new stamp, which the next fetch uses.
        let next = try fetch()
        #expect(next.output.contains("Org.entitydefinitions.json: unchanged (nothing changed since"), "\(next.all)")
    }
}
