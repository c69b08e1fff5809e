import Foundation
import Testing

/// How the plugins find a target's metadata and configuration, and what they say when they cannot.
struct PluginInputsTests {
    func urls(_ names: [String]) -> [URL] { names.map { URL(fileURLWithPath: "/package/Sources/Model/" + $0) } }

    @Test func findsDocumentsAndTheConfiguration() throws {
        let files = urls([
            "Model.swift", "b.metadata.xml", "A.EDMX", "c.csdl.xml", "notes.xml", "mobilesdkgen-config.json",
            "b.EntityDefinitions.json", "strings.json",
        ])
        let inputs = try PluginInputs.find(in: files, targetName: "Model").get()
        #expect(
            inputs.documents.map(\.lastPathComponent) == [
                "A.EDMX", "b.EntityDefinitions.json", "b.metadata.xml", "c.csdl.xml",
            ]
        )
        #expect(inputs.configuration?.lastPathComponent == "mobilesdkgen-config.json")
        #expect(
            inputs.arguments(output: URL(fileURLWithPath: "/work/out")) == [
                "generate", "/package/Sources/Model/A.EDMX", "/package/Sources/Model/b.EntityDefinitions.json",
                "/package/Sources/Model/b.metadata.xml", "/package/Sources/Model/c.csdl.xml", "-o", "/work/out",
                "--config", "/package/Sources/Model/mobilesdkgen-config.json",
            ]
        )
    }

    @Test func theBuildPluginsRunIsQuiet() throws {
        let inputs = try PluginInputs.find(in: urls(["service.metadata.xml"]), targetName: "Model").get()
        #expect(
            inputs.arguments(output: URL(fileURLWithPath: "/out"), quiet: true).prefix(2) == ["generate", "--quiet"]
        )
        #expect(!inputs.arguments(output: URL(fileURLWithPath: "/out")).contains("--quiet"))
    }

    @Test func theConfigurationIsOptional() throws {
        let inputs = try PluginInputs.find(in: urls(["service.metadata.xml"]), targetName: "Model").get()
        #expect(inputs.configuration == nil)
        #expect(!inputs.arguments(output: URL(fileURLWithPath: "/out")).contains("--config"))
    }

    @Test func everyProblemAtOnceWithItsFix() {
        let files =
            urls(["Model.swift", "mobilesdkgen-config.json"]) + [
                URL(fileURLWithPath: "/package/Sources/Model/Sub/mobilesdkgen-config.json")
            ]
        guard case .failure(let error) = PluginInputs.find(in: files, targetName: "Model") else {
            Issue.record("no problem reported")
            return
        }
        #expect(
            error.problems == [
                "target 'Model' has no metadata document: add the service's $metadata or entity metadata as a file whose name ends in .metadata.xml, .edmx, .csdl.xml, .entitydefinitions.json to the target's folder",
                "target 'Model' has 2 configuration files (/package/Sources/Model/Sub/mobilesdkgen-config.json, /package/Sources/Model/mobilesdkgen-config.json): keep one mobilesdkgen-config.json",
            ]
        )
    }
}

/// How many files the build plugin declares: few for a small model, 64 for a large one, up to 128 for the largest.
struct BuildPluginFileCountTests {
    @Test func theDocumentsSizeChoosesTheShards() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("PluginInputs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let small = folder.appendingPathComponent("a.metadata.xml")
        let large = folder.appendingPathComponent("b.edmx")
        try Data(count: 14_000).write(to: small)
        try Data(count: 150_000).write(to: large)
        let one = try PluginInputs.find(in: [small], targetName: "Model").get()
        #expect(one.documentBytes == 14_000)
        #expect(ShardLayout.count(forDocumentBytes: one.documentBytes ?? .max) == 1)
        let both = try PluginInputs.find(in: [small, large], targetName: "Model").get()
        #expect(both.documentBytes == 164_000)
        #expect(ShardLayout.count(forDocumentBytes: both.documentBytes ?? .max) == 6)
        #expect(
            ShardLayout.fileNames(count: 6) == ["GeneratedEntities.swift"]
                + (0..<6).map { "GeneratedTypes0\($0).swift" }
        )
        // Microsoft Graph v1.0's $metadata is 2.6 MB: the most shards, the layout its build was measured with.
        #expect(ShardLayout.count(forDocumentBytes: 2_588_654) == ShardLayout.denseCount)
        // Beyond 8 MiB one more per MiB: an organization's 115 MB of entity definitions get the most.
        #expect(ShardLayout.count(forDocumentBytes: 8 << 20) == 64)
        #expect(ShardLayout.count(forDocumentBytes: (8 << 20) + 1) == 65)
        #expect(ShardLayout.count(forDocumentBytes: 20 << 20) == 76)
        #expect(ShardLayout.count(forDocumentBytes: 115_889_670) == ShardLayout.maximumCount)
        #expect(ShardLayout.fileNames(count: 128).last == "GeneratedTypes127.swift")
        // A document linked into the target (shared with others) counts its own size, not the link's.
        let linked = folder.appendingPathComponent("Linked.metadata.xml")
        try FileManager.default.createSymbolicLink(at: linked, withDestinationURL: large)
        let throughLink = try PluginInputs.find(in: [linked], targetName: "Model").get()
        #expect(throughLink.documentBytes == 150_000)
        let missing = try PluginInputs.find(in: [folder.appendingPathComponent("gone.edmx")], targetName: "Model").get()
        #expect(missing.documentBytes == nil)
        #expect(ShardLayout.count(forDocumentBytes: missing.documentBytes ?? .max) == ShardLayout.maximumCount)
    }

    /// A metadata document under a name the plugin does not read fails the build with the name to give it.
    @Test func aMetadataDocumentUnderAnotherNameIsNamed() throws {
        let contents: [String: String] = [
            "org.xml": "<?xml version=\"1.0\"?>\n<!-- $metadata -->\n<edmx:Edmx Version=\"4.0\"></edmx:Edmx>",
            "Dataverse.EntityMetadata.xml": "<ArrayOfEntityMetadata><EntityMetadata/></ArrayOfEntityMetadata>",
            "definitions.json": "{\"@odata.context\":\"https://o/api/data/v9.2/$metadata#EntityDefinitions\"}",
            "Info.xml": "<plist><dict/></plist>", "notes.json": "{\"a\": 1}",
        ]
        let files = PluginInputsTests().urls(["Model.swift", "org.metadata.xml"] + contents.keys.sorted())
        let result = PluginInputs.find(in: files, targetName: "Model") { file in
            contents[file.lastPathComponent].map { Array($0.utf8) }
        }
        guard case .failure(let error) = result else {
            Issue.record("documents the plugin does not read were not reported")
            return
        }
        #expect(error.problems.count == 3)
        #expect(error.problems.contains { $0.hasSuffix("rename it to Dataverse.EntityMetadata.metadata.xml") })
        #expect(error.problems.contains { $0.hasSuffix("rename it to org.metadata.xml") })
        #expect(error.problems.contains { $0.hasSuffix("rename it to definitions.entitydefinitions.json") })
        #expect(error.problems.allSatisfy { $0.contains("looks like a metadata document, but target 'Model'") })
    }

    @Test func documentNamesThePluginReads() {
        #expect(MetadataDocumentNames.documentName(for: "org.metadata.xml") == "org.metadata.xml")
        #expect(MetadataDocumentNames.documentName(for: "A.EDMX") == "A.EDMX")
        #expect(MetadataDocumentNames.documentName(for: "org.xml") == "org.metadata.xml")
        #expect(MetadataDocumentNames.documentName(for: "defs.JSON") == "defs.entitydefinitions.json")
        #expect(MetadataDocumentNames.documentName(for: "metadata") == "metadata.metadata.xml")
    }
}
