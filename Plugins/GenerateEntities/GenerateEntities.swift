import Foundation
import PackagePlugin

/// `swift package generate-entities [--target NAME…] [--output DIR]`: writes the generated
/// classes of each target that holds metadata documents into its `Generated` folder (or DIR),
/// for teams that commit generated code instead of generating it during the build.
@main struct GenerateEntities: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        let output = extractor.extractOption(named: "output").last
        let targets = context.package.targets.compactMap { $0 as? SourceModuleTarget }
            .filter { target in
                names.isEmpty
                    ? target.sourceFiles.contains { file in
                        MetadataDocumentNames.isDocument(named: file.url.lastPathComponent)
                    } : names.contains(target.name)
            }
        guard !targets.isEmpty else {
            Diagnostics.error(
                """
                no target holds a metadata document \
                (a file ending in \(PluginInputs.metadataSuffixes.joined(separator: ", "))); name one with --target
                """
            )
            throw ExitCode.failure
        }
        let tool = try context.tool(named: "mobilesdkgen").url
        for target in targets {
            let inputs = try PluginInputs.find(in: target.sourceFiles.map(\.url), targetName: target.name).get()
            let folder =
                output.map { URL(fileURLWithPath: $0).appending(path: target.name) }
                ?? target.directoryURL.appending(path: "Generated")
            let process = Process()
            process.executableURL = tool
            process.arguments = inputs.arguments(output: folder)
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                Diagnostics.error("mobilesdkgen failed for target '\(target.name)'")
                throw ExitCode.failure
            }
            print("Wrote the generated classes of \(target.name) to \(folder.path(percentEncoded: false))")
        }
    }
}

/// A failing exit, after the diagnostics that explain it.
enum ExitCode: Error { case failure }
