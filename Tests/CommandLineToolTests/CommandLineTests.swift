import Foundation
import TestSupport
import Testing

/// The `mobilesdkgen` executable as a user runs it: exit status and the diagnostic format.
@Suite(.enabled(if: BuiltTool.executable != nil, "the mobilesdkgen executable is not built beside the tests"))
struct CommandLineTests {

    func run(_ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
        let result = try BuiltTool.run(arguments)
        return (result.status, result.output, result.errors)
    }

    /// `--version` prints the version that CHANGELOG.md's newest released entry names (above it, "Unreleased" may
    /// collect what the next version brings).
    @Test func versionIsTheChangeLogsNewest() throws {
        let (status, output, _) = try run(["--version"])
        #expect(status == 0)
        let changeLog = try String(contentsOf: Paths.root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let newest = changeLog.split(separator: "\n").first { $0.hasPrefix("## ") && $0 != "## Unreleased" }?
            .dropFirst(3).prefix { $0 != " " }
        #expect(newest.map(String.init) == output.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(output.split(separator: ".").count == 3)
    }

    @Test func summaryOfASample() throws {
        let (status, output, _) = try run(["inspect", Paths.sample("TripPin.xml")])
        #expect(status == 0)
        #expect(output.contains("OData v4.0 CSDL (EDMX 4.0)"))
        let entityTypes = output.split(separator: "\n").first { $0.hasPrefix("  entity types ") }
        #expect(entityTypes?.split(separator: " ").last == "13")
        #expect(output.hasSuffix("0 errors, 0 warnings\n"))
    }

    @Test func badInputExitsNonZeroWithALocatedError() throws {
        let path = try Paths.write(
            "<edmx:Edmx Version=\"4.0\" xmlns:edmx=\"http://docs.oasis-open.org/odata/ns/edmx\">\n  <edmx:DataServices>\n"
        )
        let (status, _, errors) = try run(["inspect", path])
        #expect(status != 0)
        let first = try #require(errors.split(separator: "\n").first)
        #expect(first.hasPrefix("\(path):3:1: error: "))
    }

    @Test func jsonIsDeterministic() throws {
        let arguments = [
            "inspect", "--json", Paths.sample("Dataverse.WebApi.xml"), Paths.sample("Dataverse.EntityMetadata.xml"),
        ]
        let first = try run(arguments)
        let second = try run(arguments)
        #expect(first.status == 0)
        #expect(first.output == second.output)
        let model = try JSONSerialization.jsonObject(with: Data(first.output.utf8)) as? [String: Any]
        #expect((model?["schemas"] as? [Any])?.count == 1)
    }

    @Test func generateWithAModelFileSelectsEntitiesAndAttributes() throws {
        let directory = try Paths.temporaryDirectory()
        let model = try Paths.write(
            """
            <Model>
              <Entities>
                <Entity Name="account"><Attributes><Attribute Name="name"/></Attributes></Entity>
              </Entities>
            </Model>
            """,
            named: "model.xml",
            in: directory
        )
        let output = directory.appendingPathComponent("out").path
        let (status, summary, _) = try run([
            "generate", Paths.sample("Dataverse.WebApi.xml"), Paths.sample("Dataverse.EntityMetadata.xml"), "-m", model,
            "-o", output,
        ])
        #expect(status == 0)
        #expect(summary.hasPrefix("Generated 2 entity classes"))  // account and its base type
        let files = try FileManager.default.contentsOfDirectory(atPath: output).sorted()
        // A file for each type, named after it: the two classes, the service, the operations' requests and responses.
        #expect(
            files == [
                "Account.swift", "AddAccountToQueueRequest.swift", "ConvertContactToAccountResponse.swift",
                "CrmBaseEntity.swift", "GeneratedEntities.swift", "RetrieveTopAccountsRequest.swift",
                "SystemService.swift", "WhoAmIRequest.swift", "WhoAmIResponse.swift", "WinOpportunityRequest.swift",
            ]
        )
        let code = try files.map { try String(contentsOfFile: output + "/" + $0, encoding: .utf8) }.joined()
        #expect(code.contains("open class Account: CrmBaseEntity"))
        #expect(code.contains("public final var name: Swift.String?"))
        #expect(!code.contains("var revenue"))
        #expect(!code.contains("class Contact"))
    }

    @Test func generateWritesNothingWhenReadingFails() throws {
        let directory = try Paths.temporaryDirectory()
        let bad = try Paths.write(
            "<edmx:Edmx Version=\"4.0\" xmlns:edmx=\"http://docs.oasis-open.org/odata/ns/edmx\">",
            named: "bad.xml",
            in: directory
        )
        let output = directory.appendingPathComponent("out").path
        let (status, _, errors) = try run(["generate", bad, "-o", output])
        #expect(status != 0)
        #expect(errors.contains("\(bad):1:"))
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func unchangedFilesAreNotRewritten() throws {
        let output = try Paths.temporaryDirectory().appendingPathComponent("out").path
        let first = try run(["generate", Paths.sample("TripPin.xml"), "-o", output])
        #expect(first.output.contains("(29 of 29 files changed)"))
        let second = try run(["generate", Paths.sample("TripPin.xml"), "-o", output])
        #expect(second.output.contains("(0 of 29 files changed)"))
    }

    /// Files an earlier run wrote for types that are gone are removed; a file of the user's in the folder is kept.
    @Test func filesOfTypesThatAreGoneAreRemoved() throws {
        let output = try Paths.temporaryDirectory().appendingPathComponent("out")
        #expect(try run(["generate", Paths.sample("TripPin.xml"), "-o", output.path]).status == 0)
        let mine = output.appendingPathComponent("Person+Display.swift")
        try Data("extension Person {}\n".utf8).write(to: mine)
        let gallery = try run(["generate", Paths.sample("Gallery.v2.xml"), "-o", output.path])
        #expect(gallery.output.contains("(3 of 3 files changed, 28 removed)"), "\(gallery.output)")
        let files = try FileManager.default.contentsOfDirectory(atPath: output.path).sorted()
        #expect(
            files == [
                "GalleryContainerService.swift", "GeneratedEntities.swift", "Person+Display.swift", "Picture.swift",
            ]
        )
    }

    /// As the build plugin runs it: the registry's file and the shards it declared, whatever the metadata; switching
    /// layouts leaves no file of the other behind.
    @Test func shardsAreNumberedFiles() throws {
        let output = try Paths.temporaryDirectory().appendingPathComponent("out").path
        #expect(try run(["generate", Paths.sample("TripPin.xml"), "-o", output]).status == 0)
        let sharded = try run(["generate", Paths.sample("TripPin.xml"), "--shards", "3", "-o", output])
        #expect(sharded.output.contains("(3 of 4 files changed, 28 removed)"), "\(sharded.output)")
        let files = try FileManager.default.contentsOfDirectory(atPath: output).sorted()
        #expect(
            files == [
                "GeneratedEntities.swift", "GeneratedTypes00.swift", "GeneratedTypes01.swift", "GeneratedTypes02.swift",
            ]
        )
        // 'auto' as the build plugin chooses: TripPin's 14 KB make one shard.
        let auto = try run(["generate", Paths.sample("TripPin.xml"), "--shards", "auto", "-o", output])
        #expect(auto.output.contains("(1 of 2 files changed, 2 removed)"), "\(auto.output)")
        // A linked document counts its own size: 167 KB of entity definitions make six shards, not one for the link.
        let linked = try Paths.temporaryDirectory().appendingPathComponent("Linked.json")
        try FileManager.default.createSymbolicLink(
            at: linked,
            withDestinationURL: URL(fileURLWithPath: Paths.sample("Dataverse.EntityDefinitions.json"))
        )
        let throughLink = try run(["generate", linked.path, "--shards", "auto", "-o", output])
        #expect(throughLink.status == 0, "\(throughLink.errors)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: output).count == 7)
        let none = try run(["generate", Paths.sample("TripPin.xml"), "--shards", "0", "-o", output])
        #expect(
            none.status != 0 && none.errors.contains("--shards takes a number from 1 to 128 or 'auto', not 0"),
            "\(none.errors)"
        )
    }

    /// As the build plugin runs it: a document with notes (TripPin's vocabulary references, a renamed `None`) prints
    /// nothing, and one with a warning prints the warning alone.
    @Test func quietPrintsOnlyWarningsAndErrors() throws {
        let output = try Paths.temporaryDirectory().appendingPathComponent("out").path
        let loud = try run(["generate", Paths.sample("TripPin.xml"), "-o", output])
        #expect(loud.errors.contains(": note: "))
        let quiet = try run(["generate", "--quiet", Paths.sample("TripPin.xml"), "-o", output])
        #expect(quiet.status == 0)
        #expect(quiet.output.isEmpty && quiet.errors.isEmpty, "\(quiet.output)\(quiet.errors)")
        let dataverse = try run([
            "generate", "--quiet", Paths.sample("Dataverse.WebApi.xml"), Paths.sample("Dataverse.EntityMetadata.xml"),
            "-o", output,
        ])
        #expect(dataverse.status == 0 && dataverse.output.isEmpty)
        let lines = dataverse.errors.split(separator: "\n")
        #expect(!lines.isEmpty && lines.allSatisfy { $0.contains(": warning: ") }, "\(dataverse.errors)")
    }

    @Test func malformedConfigurationIsReported() throws {
        let config = try Paths.write("{ \"accessLevel\": \"secret\" }", named: "config.json")
        let (status, _, errors) = try run([
            "generate", Paths.sample("TripPin.xml"), "--config", config, "-o", try Paths.temporaryDirectory().path,
        ])
        #expect(status != 0)
        #expect(errors.contains("\(config):1:18: error: invalid configuration: at 'accessLevel'"))
    }

    @Test func theConfigurationSelectsOperations() throws {
        let config = try Paths.write(
            #"{ "operations": { "include": ["Sample.TripPin.ShareTrip", "GetNearest*"] } }"#,
            named: "config.json"
        )
        let output = try Paths.temporaryDirectory().appendingPathComponent("out").path
        let (status, printed, _) = try run(["generate", Paths.sample("TripPin.xml"), "--config", config, "-o", output])
        #expect(status == 0)
        #expect(printed.contains("and 3 operation requests"))
        let files = try FileManager.default.contentsOfDirectory(atPath: output).sorted()
        let text = try files.map { try String(contentsOfFile: output + "/" + $0, encoding: .utf8) }.joined()
        #expect(text.contains("public struct ShareTripRequest"))
        #expect(text.contains("public struct GetNearestAirportWithRequiredFeaturesRequest"))
        #expect(!text.contains("GetFavoriteAirlineRequest"))
        #expect(!text.contains("ResetDataSourceRequest"))
    }
}
