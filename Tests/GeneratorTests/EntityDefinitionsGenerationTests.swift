import Foundation
import Generator
import GeneratorPipeline
import MetadataModel
import Testing

/// The same organization's entity metadata, as the organization service's XML or as the Web API's JSON, merged onto
/// the same `$metadata`, generates byte-identical Swift.
struct EntityDefinitionsGenerationTests {
    func generate(_ names: [String]) throws -> [String: String] {
        let paths = names.map { GoldenFileTests.root.appendingPathComponent("SampleMetadata/\($0)").path }
        let result = Pipeline().parse(.files(paths))
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let files = Pipeline().generate(result).files
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

/// Generating a Dataverse `$metadata` without entity definitions works, and warns once, at the first table that lacks
/// them, about what its classes lose.
struct MissingEntityDefinitionsTests {
    @Test func webAPIMetadataAloneIsAWarningNamingTheTables() throws {
        let path = GoldenFileTests.root.appendingPathComponent("SampleMetadata/Dataverse.WebApi.xml").path
        let result = Pipeline().parse(.files([path]))
        let generated = Pipeline().generate(result)
        let warnings = generated.diagnostics.filter { $0.message.contains("no entity definitions") }
        #expect(warnings.count == 1)
        let warning = try #require(warnings.first)
        #expect(warning.severity == .warning)
        #expect(warning.location.file == path && warning.location.line > 1)
        #expect(
            warning.message.hasPrefix(
                """
                7 Dataverse tables have no entity definitions (activitypointer, account, contact, opportunity, task \
                and 2 more):
                """
            )
        )
        #expect(warning.message.contains("option sets stay integers without enums"))

        let both = Pipeline()
            .parse(.files([path, path.replacingOccurrences(of: "WebApi.xml", with: "EntityDefinitions.json")]))
        #expect(!Pipeline().generate(both).diagnostics.contains { $0.message.contains("no entity definitions") })
    }
}

/// Labels in the languages the entity metadata carries: every language with a known tag, base language first; a
/// language without one is left out with one warning.
struct MultilingualLabelGenerationTests {
    func generate(replacing german: String) throws -> (files: [String: String], diagnostics: [Diagnostic]) {
        let root = GoldenFileTests.root.appendingPathComponent("SampleMetadata")
        let definitions = try String(
            contentsOf: root.appendingPathComponent("Dataverse.EntityDefinitions.json"),
            encoding: .utf8
        )
        .replacingOccurrences(of: "\"LanguageCode\": 1031", with: "\"LanguageCode\": \(german)")
        let webAPI = try Data(contentsOf: root.appendingPathComponent("Dataverse.WebApi.xml"))
        let result = Pipeline()
            .parse(
                .inMemory([
                    .init(name: "org.xml", bytes: [UInt8](webAPI)),
                    .init(name: "org.entitydefinitions.json", bytes: Array(definitions.utf8)),
                ])
            )
        let generated = Pipeline().generate(result)
        return (
            Dictionary(generated.files.map { ($0.name, $0.contents) }, uniquingKeysWith: { first, _ in first }),
            generated.diagnostics
        )
    }

    @Test func eachLanguageWithATagBaseLanguageFirst() throws {
        let french = try generate(replacing: "1036")
        let industry = try #require(french.files["AccountIndustryCode.swift"])
        #expect(industry.contains("languages en-US|fr-FR\n"))
        #expect(industry.contains("3: Public Sector|Öffentlicher Sektor\n"))
        let account = try #require(french.files["Account.swift"])
        #expect(account.contains("languages en-US|fr-FR\n"))
        #expect(account.contains("entity Account|Firma\n"))
    }

    @Test func aLanguageWithoutATagIsLeftOutWithOneWarning() throws {
        let unknown = try generate(replacing: "9999")
        let warnings = unknown.diagnostics.filter { $0.message.contains("LCID 9999") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.severity == .warning)
        #expect(
            warnings.first?.message
                == "labels in the language with LCID 9999 are not generated: it is not a language Dataverse offers"
        )
        let industry = try #require(unknown.files["AccountIndustryCode.swift"])
        #expect(industry.contains("3: Public Sector\n"))
        #expect(!industry.contains("languages "))
    }
}
