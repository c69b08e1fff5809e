import ArgumentParser
import Foundation
import Generator
import GeneratorPipeline
import MetadataModel
import MetadataReader

/// `mobilesdkgen generate`: metadata in, Swift sources out.
struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Generate early-bound Swift entity classes from metadata documents.",
        discussion: """
            Writes a file for each generated type, named after it (Account.swift), and one for the registry \
            (GeneratedEntities.swift), rewriting only those whose contents change and removing those an earlier run \
            wrote for types that are gone. With --shards N it writes the registry's file and the N files \
            GeneratedTypes00.swift … instead, whatever the metadata, as the build plugin does. Nothing is written \
            when reading the metadata fails.
            """
    )

    @Argument(
        help: """
            Metadata documents: OData CSDL ($metadata) and/or Dynamics entity metadata (XML, or Web API \
            EntityDefinitions JSON); a folder stands for the documents in it.
            """
    ) var files: [String]

    @Option(name: [.short, .customLong("output")], help: "The directory to write the generated sources to.")
    var output = "Generated"

    @Option(
        name: .customLong("config"),
        help: """
            A JSON configuration file (entities, attributes, operations, propertyNaming, typePrefix, accessLevel, \
            registryName).
            """
    ) var configurationFile: String?

    @Option(
        name: .customShort("m"),
        help: "A MobileSdkGen model file (<Model><Entities><Entity Name=…>) selecting entities and attributes."
    ) var modelFile: String?

    @Option(
        help: ArgumentHelp(
            "Write the types into N files named by number (1 to \(ShardLayout.maximumCount)), "
                + "as the build plugin does; 'auto' sizes N from the documents as the plugin does.",
            valueName: "N|auto"
        )
    ) var shards: Shards?

    @Flag(help: "Treat the findings of the checks after reading as errors.") var strict = false

    @Flag(help: "Print only warnings and errors: no notes, summary or configuration (as the build plugin runs it).")
    var quiet = false

    /// `--shards`: a number of files, or as many as the build plugin would choose.
    enum Shards: ExpressibleByArgument {
        case count(Int)
        case auto

        init?(argument: String) {
            if argument == "auto" {
                self = .auto
            } else if let count = Int(argument) {
                self = .count(count)
            } else {
                return nil
            }
        }
    }

    func validate() throws {
        if case .count(let count) = shards, !(1...ShardLayout.maximumCount).contains(count) {
            throw ValidationError(
                "--shards takes a number from 1 to \(ShardLayout.maximumCount) or 'auto', not \(count)"
            )
        }
    }

    func run() throws {
        var configuration = try loadConfiguration()
        if let modelFile {
            let (model, diagnostics) = SelectionModel.read(path: modelFile)
            report(diagnostics)
            guard let model else { throw ExitCode.failure }
            configuration = configuration.selecting(model)
            if !model.globalOptionSets.isEmpty || model.includeAllGlobalOptionSets {
                report([
                    .note(
                        """
                        global option sets are generated for the included attributes that use them; \
                        the model file's GlobalOptionSets are not needed
                        """,
                        at: .file(modelFile)
                    )
                ])
            }
        }
        let documents: [String]
        switch InputDocuments.expand(files) {
        case .success(let expanded): documents = expanded
        case .failure(let error):
            report(error.diagnostics)
            throw ExitCode.failure
        }
        let pipeline = Pipeline(
            reading: .init(strict: strict),
            configuration: configuration,
            layout: outputLayout(documents: documents),
            // The command exits once the files are written: freeing the model and the declarations would only delay it.
            memoryRelease: .atExit
        )
        let (diagnostics, generated) = pipeline.run(.files(documents))
        report(diagnostics)
        guard let sources = generated else { throw ExitCode.failure }
        let changes: OutputWriter.Changes
        do { changes = try OutputWriter(directory: output).write(sources.files) } catch {
            report(error.diagnostics)
            throw ExitCode.failure
        }
        guard !quiet else { return }
        print(
            """
            Generated \(sources.entityClasses) entity classes, \(sources.complexTypes) complex types, \
            \(sources.enumTypes) enum types, \(sources.optionSets) option sets and \(sources.operations) operation \
            requests into \(output) (\(changes.written) of \(sources.files.count) files changed\
            \(changes.removed > 0 ? ", \(changes.removed) removed" : "")).
            """
        )
        print("Configuration: " + (try Self.describe(configuration)))
    }

    private func outputLayout(documents: [String]) -> OutputLayout {
        switch shards {
        case nil: return .typeFiles
        case .count(let count): return .shards(count)
        case .auto:
            // The documents' sizes, not their links': a model may link a document shared with other targets.
            let bytes = documents.reduce(0) { total, path in
                let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
                let size = (try? FileManager.default.attributesOfItem(atPath: resolved))?[.size] as? NSNumber
                return total + (size?.intValue ?? 0)
            }
            return .shards(ShardLayout.count(forDocumentBytes: bytes))
        }
    }

    private func loadConfiguration() throws -> GeneratorConfiguration {
        guard let path = configurationFile else { return GeneratorConfiguration() }
        switch ConfigurationFile.load(path) {
        case .success(let configuration): return configuration
        case .failure(let error):
            report(error.diagnostics)
            throw ExitCode.failure
        }
    }

    private func report(_ diagnostics: [Diagnostic]) {
        // One write: a whole organization has some twelve thousand notes.
        let text = diagnostics.filter { !(quiet && $0.severity == .note) }.map { $0.description + "\n" }.joined()
        if !text.isEmpty { FileHandle.standardError.write(Data(text.utf8)) }
    }

    /// The configuration as compact JSON with sorted keys.
    static func describe(_ configuration: GeneratorConfiguration) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(configuration), as: UTF8.self)
    }
}
