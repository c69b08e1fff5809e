import Foundation
import PackagePlugin

/// `swift package --allow-network-connections all --allow-writing-to-package-directory fetch-metadata [--target NAME]
/// SERVICE_ROOT [fetch options…]`: runs `mobilesdkgen fetch` into the folder of the target whose metadata the build
/// plugin reads, so that the next build generates from the service as it is now. The build plugin itself never
/// touches the network (it cannot, in the macOS sandbox); this command asks for network access once, when it runs.
///
/// The target is the one named, else the only one holding metadata documents or a configuration. Unless given, the
/// file name is that of the target's `*.metadata.xml` (so a fetch replaces it); for Dataverse, `fetch` reads the
/// target's `mobilesdkgen-config.json` to know whose entity definitions to fetch.
@main struct FetchMetadata: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        var forwarded = extractor.remainingArguments
        let targets = context.package.targets.compactMap { $0 as? SourceModuleTarget }
            .filter { target in
                names.isEmpty ? target.sourceFiles.contains { Self.isInput($0.url) } : names.contains(target.name)
            }
        guard targets.count == 1, let target = targets.first else {
            Diagnostics.error(
                targets.isEmpty
                    ? "no target holds a metadata document or \(PluginInputs.configurationName): name one with --target"
                    : """
                    several targets hold metadata (\(targets.map(\.name).joined(separator: ", "))): \
                    name one with --target
                    """
            )
            throw ExitCode.failure
        }
        guard forwarded.contains(where: { !$0.hasPrefix("-") }) else {
            Diagnostics.error(
                """
                give the service root, e.g. swift package fetch-metadata https://host/odata/ \
                (mobilesdkgen fetch --help lists the options)
                """
            )
            throw ExitCode.failure
        }
        let files = target.sourceFiles.map(\.url)
        if !forwarded.contains("--name"), let stem = Self.metadataStem(in: files) { forwarded += ["--name", stem] }
        let process = Process()
        process.executableURL = try context.tool(named: "mobilesdkgen").url
        process.arguments = ["fetch"] + forwarded + ["-o", target.directoryURL.path(percentEncoded: false)]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            Diagnostics.error("mobilesdkgen fetch failed for target '\(target.name)'")
            throw ExitCode.failure
        }
    }

    private static func isInput(_ file: URL) -> Bool {
        let name = file.lastPathComponent.lowercased()
        return name == PluginInputs.configurationName || MetadataDocumentNames.isDocument(named: name)
    }

    /// `NAME` of the target's only `NAME.metadata.xml`, if it has exactly one.
    private static func metadataStem(in files: [URL]) -> String? {
        let stems = files.map(\.lastPathComponent).filter { $0.lowercased().hasSuffix(".metadata.xml") }
            .map { String($0.dropLast(".metadata.xml".count)) }
        return stems.count == 1 ? stems.first : nil
    }
}

/// A failing exit, after the diagnostics that explain it.
enum ExitCode: Error { case failure }
