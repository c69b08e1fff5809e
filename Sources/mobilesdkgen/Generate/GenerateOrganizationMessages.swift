import ArgumentParser
import Foundation
import Generator
import GeneratorPipeline
import MetadataModel

/// `mobilesdkgen organization-messages`, hidden: writes MobileSdkOrganizationService's typed messages from their
/// description. `scripts/generate-organization-messages.sh` runs it on the repository's files.
struct GenerateOrganizationMessages: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "organization-messages",
        abstract: "Generate MobileSdkOrganizationService's typed messages from their CSDL description.",
        shouldDisplay: false
    )

    @Argument(help: "The messages' description, OrganizationMessages.xml.") var document: String

    @Option(name: [.short, .customLong("output")], help: "The directory to write the generated sources to.") var output:
        String

    func run() throws {
        let source = URL(fileURLWithPath: document).lastPathComponent
        let (diagnostics, generated) = Pipeline(reading: .init(strict: true))
            .organizationMessages(.files([document]), source: source)
        // The one note expected says that the Core vocabulary the description references is built in.
        for diagnostic in diagnostics where diagnostic.severity > .note {
            FileHandle.standardError.write(Data((diagnostic.description + "\n").utf8))
        }
        guard let sources = generated else { throw ExitCode.failure }
        let changes: OutputWriter.Changes
        do { changes = try OutputWriter(directory: output).write(sources.files) } catch {
            for diagnostic in error.diagnostics {
                FileHandle.standardError.write(Data((diagnostic.description + "\n").utf8))
            }
            throw ExitCode.failure
        }
        print(
            """
            Generated \(sources.operations) organization messages into \(output) (\(changes.written) of \
            \(sources.files.count) files changed\(changes.removed > 0 ? ", \(changes.removed) removed" : "")).
            """
        )
    }
}
