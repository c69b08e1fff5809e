import Foundation
import PackagePlugin

/// Generates early-bound Swift entity classes from the metadata documents of the target it is
/// applied to, every time a document, the configuration or the generator changes.
///
/// The target needs one Swift file of its own besides the metadata: SwiftPM drops a target without sources, and then
/// this plugin never runs (`import` of the target fails with "no such module").
@main struct MobileSdkGenPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        return try commands(
            files: target.sourceFiles.map(\.url),
            targetName: target.name,
            workDirectory: context.pluginWorkDirectoryURL,
            tool: context.tool(named: "mobilesdkgen").url
        )
    }

    func commands(files: [URL], targetName: String, workDirectory: URL, tool: URL) throws -> [Command] {
        let inputs: PluginInputs
        switch PluginInputs.find(in: files, targetName: targetName) {
        case .success(let found): inputs = found
        case .failure(let error):
            for problem in error.problems { Diagnostics.error(problem) }
            throw error
        }
        let output = workDirectory.appending(path: "GeneratedSources")
        let shards = ShardLayout.count(forDocumentBytes: inputs.documentBytes ?? .max)
        return [
            .buildCommand(
                displayName: "Generating Swift entity classes for \(targetName)",
                executable: tool,
                arguments: inputs.arguments(output: output, quiet: true) + ["--shards", String(shards)],
                inputFiles: inputs.documents + [inputs.configuration, tool].compactMap { $0 },
                outputFiles: ShardLayout.fileNames(count: shards).map { output.appending(path: $0) }
            )
        ]
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension MobileSdkGenPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        try commands(
            files: target.inputFiles.map(\.url),
            targetName: target.displayName,
            workDirectory: context.pluginWorkDirectoryURL,
            tool: context.tool(named: "mobilesdkgen").url
        )
    }
}
#endif
