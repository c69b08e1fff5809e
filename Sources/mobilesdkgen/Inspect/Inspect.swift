import ArgumentParser
import Foundation
import Generator
import GeneratorPipeline
import MetadataModel
import MetadataReader

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

    @Option(
        name: .customLong("config"),
        help: ArgumentHelp(
            "A generate configuration: its renames are listed with what each matches (and checked).",
            valueName: "FILE"
        )
    ) var configurationFile: String?

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
        let result = Pipeline(reading: .init(strict: strict)).parse(.files(documents))
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
        if let configurationFile, !json, try !showRenames(of: result, configurationFile) { throw ExitCode.failure }
    }

    /// Translates the model with the configuration and lists each rename with what it matched, after the rename
    /// diagnostics; false when a rename is an error.
    private func showRenames(of result: LoadResult, _ path: String) throws -> Bool {
        let configuration: GeneratorConfiguration
        switch ConfigurationFile.load(path) {
        case .success(let loaded): configuration = loaded
        case .failure(let error):
            for diagnostic in error.diagnostics {
                FileHandle.standardError.write(Data((diagnostic.description + "\n").utf8))
            }
            return false
        }
        let translated = Pipeline(configuration: configuration).translate(result)
        let diagnostics = translated.diagnostics.filter { $0.location.file == path }
        for diagnostic in diagnostics { FileHandle.standardError.write(Data((diagnostic.description + "\n").utf8)) }
        let renames = configuration.renames
        let entries =
            renames.types.map { ("types", $0.key, $0.value) }
            + renames.properties.map { ("properties", $0.key, $0.value) }
            + renames.enumCases.map { ("enumCases", $0.key, $0.value) }
        print("Renames (\(path)):" + (entries.isEmpty ? " none" : ""))
        let matched = Dictionary(translated.renames.map { ($0.id, $0.what) }, uniquingKeysWith: { first, _ in first })
        for (section, key, name) in entries.sorted(by: { ($0.0, $0.1) < ($1.0, $1.1) }) {
            print("  \(section) \(key) → \(name): \(matched[section + "." + key] ?? "matches nothing generated")")
        }
        return !diagnostics.contains { $0.severity == .error }
    }
}
