import ArgumentParser
import Foundation
import GeneratorPipeline
import MetadataModel

/// `mobilesdkgen inspect`: reads metadata and shows what was read.
struct Inspect: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Read metadata documents and print their dialect, what they hold, and any diagnostics.",
        discussion: """
            Give a Web API CSDL document and Dynamics entity metadata of the same organization \
            together to see the entity metadata merged onto the CSDL types.
            """
    )

    @Argument(
        help: """
            Metadata documents: OData CSDL ($metadata, any version) or Dynamics entity metadata (XML or Web API JSON); \
            a folder stands for the documents in it.
            """
    ) var files: [String]

    @Flag(help: "Print the whole model as JSON instead of a summary.") var json = false

    @Flag(
        help: """
            Treat the findings of the checks after reading (unresolved types, duplicate names, missing key properties) \
            as errors.
            """
    ) var strict = false

    func run() throws {
        let documents: [String]
        switch InputDocuments.expand(files) {
        case .success(let expanded): documents = expanded
        case .failure(let error):
            for diagnostic in error.diagnostics {
                FileHandle.standardError.write(Data((diagnostic.description + "\n").utf8))
            }
            throw ExitCode.failure
        }
        let result = GeneratorPipeline(reading: .init(strict: strict)).parse(.files(documents))
        for diagnostic in result.diagnostics {
            FileHandle.standardError.write(Data((diagnostic.description + "\n").utf8))
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let data = try encoder.encode(result.service)
            FileHandle.standardOutput.write(data + Data("\n".utf8))
        } else {
            print(ModelSummary(service: result.service, diagnostics: result.diagnostics).text, terminator: "")
        }
        if result.hasErrors { throw ExitCode.failure }
    }
}
