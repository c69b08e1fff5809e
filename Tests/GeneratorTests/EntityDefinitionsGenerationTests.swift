import Foundation
import Generator
import GeneratorPipeline
import Testing

/// The same organization's entity metadata, as the organization service's XML or as the Web API's JSON, merged onto
/// the same `$metadata`, generates byte-identical Swift.
struct EntityDefinitionsGenerationTests {
    func generate(_ names: [String]) throws -> [String: String] {
        let paths = names.map { GoldenFileTests.root.appendingPathComponent("SampleMetadata/\($0)").path }
        let result = GeneratorPipeline().parse(.files(paths))
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let files = GeneratorPipeline().generate(result).files
        return Dictionary(files.map { ($0.name, $0.contents) }, uniquingKeysWith: { first, _ in first })
    }

    @Test func webAPIJSONGeneratesTheSameSwiftAsEntityMetadataXML() throws {
        let fromXML = try generate(["Dataverse.WebApi.xml", "Dataverse.EntityMetadata.xml"])
        let fromJSON = try generate(["Dataverse.WebApi.xml", "Dataverse.EntityDefinitions.json"])
        #expect(fromXML.keys.contains("Account.swift"))
        #expect(fromJSON.keys.sorted() == fromXML.keys.sorted())
        for (name, contents) in fromXML.sorted(by: { $0.key < $1.key }) {
            #expect(Array(fromJSON[name]?.utf8 ?? "".utf8) == Array(contents.utf8), "\(name) differs")
        }
        // The merge really happened: option-set enums come from the entity metadata alone.
        #expect(fromJSON.values.contains { $0.contains("account_industrycode") || $0.contains("IndustryCode") })
    }
}
