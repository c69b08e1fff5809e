import Foundation
import TestSupport
import Testing

/// The `dataverse` server of `scripts/test-servers.sh`: the Dataverse sample's `$metadata` (odatapy, with an ETag) and
/// the Web API's EntityDefinitions requests answered from SampleMetadata/Dataverse.EntityDefinitions.json in the
/// documented shapes (Tests/Servers/entity_definitions.py), with a request log.
enum DataverseServer {
    static let root = TestServers.value(.dataverse)
    static let log = TestServers.value(.dataverseLog)
    static let skipMessage: Comment =
        "no Dataverse test server: run scripts/test-servers.sh start (scripts/test.sh does)"
}

/// `mobilesdkgen fetch --entity …` against a Dataverse-shaped organization: the entity definitions with their option
/// sets put together into the document the generator reads, revalidated without a body the second time.
@Suite(
    .enabled(if: BuiltTool.executable != nil, "the mobilesdkgen executable is not built beside the tests"),
    .enabled(
        if: (DataverseServer.root != nil && DataverseServer.log != nil) || SecuredServer.required,
        DataverseServer.skipMessage
    )
) struct FetchEntityDefinitionsTests {
    /// A marker in each request's query, to find this test's lines in the shared request log.
    let run = "run-" + UUID().uuidString.prefix(8).lowercased()
    let folder: URL
    let root: String
    let entities = [
        "--entity", "account,contact", "--entity", "opportunity", "--entity", "PhoneCall", "--entity", "task",
        "--entity", "appointment,activityparty",
    ]

    init() throws {
        root = try #require(DataverseServer.root, DataverseServer.skipMessage)
        folder = try Paths.temporaryDirectory()
    }

    func fetch(_ arguments: [String]) throws -> BuiltTool.Result {
        try BuiltTool.run(["fetch", root, "--name", "Org", "-o", folder.path, "--query", "run=\(run)"] + arguments)
    }

    /// This test's lines of the server's request log.
    func logLines() throws -> [String] {
        let text = try String(contentsOfFile: try #require(DataverseServer.log), encoding: .utf8)
        return text.split(separator: "\n").map(String.init).filter { $0.contains(run) }
    }

    func file(_ name: String) -> URL { folder.appendingPathComponent(name) }

    func generate(_ documents: [String]) throws -> [String: Data] {
        let output = try Paths.temporaryDirectory()
        let result = try BuiltTool.run(["generate"] + documents + ["-o", output.path])
        #expect(result.status == 0, "\(result.errors)")
        let names = try FileManager.default.contentsOfDirectory(atPath: output.path)
        return Dictionary(
            uniqueKeysWithValues: try names.map { ($0, try Data(contentsOf: output.appendingPathComponent($0))) }
        )
    }

    /// A service without `RetrieveMetadataChanges` (answered 404): every response is revalidated with its ETag.
    @Test func fetchedDefinitionsGenerateTheSameCodeAsTheSampleThenRevalidate() throws {
        let entities = entities + ["--query", "no-metadata-changes=1"]
        let first = try fetch(entities)
        #expect(first.status == 0, "\(first.errors)")
        #expect(first.output.contains("Org.metadata.xml: created"))
        #expect(first.output.contains("Org.entitydefinitions.json: created (8 entities, 24 requests, "))
        let lines = try logLines()
        // $metadata, RetrieveMetadataChanges (404), 8 entities (task brings activitypointer, its base) and 16 typed
        // casts (picklist, multi-select, state, status, Boolean, entity name: those the entity has).
        #expect(lines.count == 26)
        #expect(lines.filter { $0.contains("/RetrieveMetadataChanges(") && $0.contains(" 404 ") }.count == 1)
        #expect(
            lines.filter {
                $0.contains("/Attributes/Microsoft.Dynamics.CRM.") && $0.contains("$expand=OptionSet,GlobalOptionSet")
            }
            .count == 16
        )
        #expect(lines.contains { $0.contains("EntityDefinitions(LogicalName='phonecall')?$expand=Attributes,Keys,") })
        #expect(
            lines.contains { $0.contains("EntityDefinitions(LogicalName='activitypointer')?$expand=Attributes,Keys,") }
        )

        // The same organization from the fetched files and from the bundled sample: byte-identical classes.
        let fetched = try generate([file("Org.metadata.xml").path, file("Org.entitydefinitions.json").path])
        let bundled = try generate([
            Paths.sample("Dataverse.WebApi.xml"), Paths.sample("Dataverse.EntityDefinitions.json"),
        ])
        #expect(fetched.keys.sorted() == bundled.keys.sorted())
        #expect(fetched == bundled)
        let code = fetched.values.map { String(decoding: $0, as: UTF8.self) }.joined()
        #expect(code.contains("public enum AccountStateCode: MobileSdk.OptionSetEnumeration"))
        #expect(code.contains("open class PhoneCall: MobileSdk.Entity"))
        #expect(code.contains("public final var parentCustomerId: MobileSdk.EntityReference?"))

        let dated = Date(timeIntervalSinceReferenceDate: 0)
        for name in ["Org.metadata.xml", "Org.entitydefinitions.json"] {
            try FileManager.default.setAttributes([.modificationDate: dated], ofItemAtPath: file(name).path)
        }
        let second = try fetch(entities)
        #expect(second.status == 0, "\(second.errors)")
        #expect(
            second.output == """
                \(folder.path)/Org.metadata.xml: unchanged (304)
                \(folder.path)/Org.entitydefinitions.json: unchanged (304)

                """
        )
        let revalidations = try logLines().dropFirst(26)
        #expect(revalidations.count == 25)
        #expect(
            revalidations.allSatisfy { $0.contains(" 304 if-none-match=yes ") && $0.hasSuffix(" bytes=0") },
            "\(revalidations)"
        )
        for name in ["Org.metadata.xml", "Org.entitydefinitions.json"] {
            #expect(
                try FileManager.default.attributesOfItem(atPath: file(name).path)[.modificationDate] as? Date == dated
            )
        }
    }

    @Test func aConfigurationWithWildcardsListsTheEntitiesFirst() throws {
        let configuration = folder.appendingPathComponent("mobilesdkgen-config.json")
        try Data(#"{"entities": {"include": ["Acc*", "opportunity", "phone*"], "exclude": ["phonecall"]}}"#.utf8)
            .write(to: configuration)
        let result = try fetch(["--config", configuration.path])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("Org.entitydefinitions.json: created (2 entities, "))
        let lines = try logLines()
        #expect(lines.contains { $0.contains("GET /odata/EntityDefinitions?$select=LogicalName,SchemaName&run=") })
        let fetched = lines.compactMap { $0.firstMatch(of: /LogicalName='([a-z_]+)'\)\?/)?.1 }
        #expect(fetched.sorted() == ["account", "opportunity"])
    }

    @Test func allEntitiesAndAChangedSelectionFetchAgain() throws {
        let all = try fetch(["--all-entities"])
        #expect(all.output.contains("Org.entitydefinitions.json: created (8 entities, 26 requests, "), "\(all.all)")
        let fewer = try fetch(["--entity", "account"])
        #expect(fewer.output.contains("Org.entitydefinitions.json: updated (1 entities, 7 requests, "), "\(fewer.all)")
        let text = try String(contentsOf: file("Org.entitydefinitions.json"), encoding: .utf8)
        #expect(text.contains("\"LogicalName\": \"account\"") && !text.contains("\"LogicalName\": \"contact\""))
    }

    @Test func aDataverseOrganizationGetsItsEntityDefinitionsUnlessToldNot() throws {
        // Nothing named and no configuration: every entity, with a note saying so.
        let all = try fetch([])
        #expect(all.status == 0, "\(all.errors)")
        #expect(all.errors.contains("note: a Dataverse organization: fetching the definitions of all its entities"))
        #expect(all.output.contains("Org.entitydefinitions.json: created (8 entities, "), "\(all.output)")

        // The folder's configuration says which.
        try Data(#"{"entities": {"include": ["contact"]}}"#.utf8).write(to: file("mobilesdkgen-config.json"))
        let configured = try fetch([])
        #expect(
            configured.errors.contains("fetching the definitions of the entities mobilesdkgen-config.json includes")
        )
        #expect(configured.output.contains("Org.entitydefinitions.json: updated (1 entities, "), "\(configured.output)")

        // Told not to: $metadata alone, and a warning naming what the classes lose.
        let other = try Paths.temporaryDirectory()
        let bare = try BuiltTool.run(["fetch", root, "--name", "Org", "-o", other.path, "--no-entity-definitions"])
        #expect(bare.status == 0, "\(bare.errors)")
        #expect(bare.errors.contains("warning: a Dataverse organization fetched without entity definitions"))
        #expect(
            Set(try FileManager.default.contentsOfDirectory(atPath: other.path)) == [
                "Org.metadata.xml", ".mobilesdkgen-fetch.json",
            ]
        )
        let mixed = try BuiltTool.run(["fetch", root, "--no-entity-definitions", "--entity", "account"])
        #expect(mixed.status != 0)
        #expect(mixed.errors.contains("--no-entity-definitions cannot be combined with --entity"))
    }

    @Test func initWithAServiceFetchesIntoTheModelTarget() throws {
        let package = folder.appendingPathComponent("Contoso")
        let result = try BuiltTool.run([
            "init", "--name", "Contoso", "--service", root + "?run=\(run)", "--entity", "account,contact", "-o",
            package.path,
        ])
        #expect(result.status == 0, "\(result.errors)")
        let model = package.appendingPathComponent("Sources/ContosoModel")
        #expect(
            Set(try FileManager.default.contentsOfDirectory(atPath: model.path)) == [
                "Service.swift", "mobilesdkgen-config.json", "odata.metadata.xml", "odata.entitydefinitions.json",
                ".mobilesdkgen-fetch.json",
            ]
        )
        let generated = try generate([model.path])
        let code = generated.values.map { String(decoding: $0, as: UTF8.self) }.joined()
        #expect(code.contains("public enum AccountStateCode: MobileSdk.OptionSetEnumeration"))

        // A service that cannot be reached creates nothing.
        let unreachable = try BuiltTool.run([
            "init", "--name", "Gone", "--service", "http://127.0.0.1:1/odata/", "-o",
            folder.appendingPathComponent("Gone").path,
        ])
        #expect(unreachable.status != 0)
        #expect(
            unreachable.errors.contains(
                "error: cannot fetch the metadata: cannot reach http://127.0.0.1:1/odata/$metadata"
            )
        )
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Gone").path))
    }

    @Test func anUnknownEntityIsAnErrorAndNothingIsWritten() throws {
        let result = try fetch(["--entity", "account,acount"])
        #expect(result.status != 0)
        #expect(result.errors.contains("error: the organization has no entity 'acount' ("), "\(result.errors)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    /// With the entities named, their definitions are fetched while `$metadata` downloads; when both fail (a wrong
    /// service root), the error reported is `$metadata`'s, as when one followed the other.
    @Test(arguments: [["--entity", "account"], ["--all-entities"]]) func aWrongServiceRootReportsTheMetadataError(
        selection: [String]
    ) throws {
        let result = try BuiltTool.run(
            ["fetch", root + "nothing/", "--name", "Org", "-o", folder.path, "--query", "run=\(run)"] + selection
        )
        #expect(result.status != 0)
        #expect(result.errors.contains("/odata/nothing/$metadata answered 404: no $metadata there"), "\(result.errors)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    /// Answers are read in whatever order they arrive: one request at a time and eight at once give the same bytes.
    @Test func theDocumentIsTheSameWhateverTheConcurrency() throws {
        let one = try fetch(entities + ["--concurrency", "1"])
        #expect(one.status == 0, "\(one.errors)")
        let other = try Paths.temporaryDirectory()
        let eight = try BuiltTool.run(
            ["fetch", root, "--name", "Org", "-o", other.path, "--query", "run=\(run)", "--concurrency", "8"] + entities
        )
        #expect(eight.status == 0, "\(eight.errors)")
        let name = "Org.entitydefinitions.json"
        #expect(try Data(contentsOf: file(name)) == Data(contentsOf: other.appendingPathComponent(name)))
    }

    /// One entity failing while the others' requests are under way fails the fetch: the last fetch's files stay.
    @Test func anEntityFailingMidwayLeavesThePreviousFiles() throws {
        #expect(try fetch(entities).status == 0)
        let before = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        let contents = try before.map { try Data(contentsOf: file($0)) }
        let result = try fetch(["--entity", "contact,acount"] + entities + ["--concurrency", "2"])
        #expect(result.status != 0)
        #expect(result.errors.contains("error: the organization has no entity 'acount' ("), "\(result.errors)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == before)
        #expect(try before.map { try Data(contentsOf: file($0)) } == contents)
    }

    @Test func aCancelledFetchLeavesThePreviousFiles() throws {
        #expect(try fetch(entities).status == 0)
        let before = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        let contents = try before.map { try Data(contentsOf: file($0)) }
        // Every EntityDefinitions answer takes 2 s; SIGINT arrives while the first ones are under way.
        let result = try BuiltTool.run(
            [
                "fetch", root, "--name", "Org", "-o", folder.path, "--query", "run=\(run)", "--query", "slow=2",
                "--entity", "contact",
            ],
            interruptAfter: 1
        )
        #expect(result.status != 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == before)
        #expect(try before.map { try Data(contentsOf: file($0)) } == contents)
    }

    @Test func throttledRequestsAreRetriedAsRetryAfterSays() throws {
        let result = try fetch(entities + ["--query", "throttle=once", "--concurrency", "8"])
        #expect(result.status == 0, "\(result.errors)")
        let lines = try logLines().filter { $0.contains("EntityDefinitions") }
        // Each of the 24 requests is refused once with 429, then answered.
        #expect(lines.filter { $0.contains(" 429 ") }.count == 24)
        #expect(lines.filter { $0.contains(" 200 ") }.count == 24)
        let fetched = try generate([file("Org.metadata.xml").path, file("Org.entitydefinitions.json").path])
        #expect(
            fetched
                == (try generate([
                    Paths.sample("Dataverse.WebApi.xml"), Paths.sample("Dataverse.EntityDefinitions.json"),
                ]))
        )
    }
}
