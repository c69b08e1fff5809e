import Foundation

/// The files of a target the plugins read: metadata documents and at most one configuration,
/// found by name. Every problem is reported at once, each with its fix.
struct PluginInputs {
    /// File-name endings that mark a metadata document (compared case-insensitively): `$metadata` and entity metadata
    /// XML, and Dataverse entity definitions as `mobilesdkgen fetch` writes them.
    static let metadataSuffixes = MetadataDocumentNames.suffixes
    /// The configuration file's name.
    static let configurationName = "mobilesdkgen-config.json"

    var documents: [URL]
    var configuration: URL?

    /// The inputs among `files`, or the problems with them; `prefix` reads a file's first bytes, to tell a metadata
    /// document under a name the plugin does not read.
    static func find(in files: [URL], targetName: String, prefix: (URL) -> [UInt8]? = Self.prefix) -> Result<
        PluginInputs, PluginInputError
    > {
        let documents = files.filter { MetadataDocumentNames.isDocument(named: $0.lastPathComponent) }
            .sorted { $0.path < $1.path }
        let configurations = files.filter { $0.lastPathComponent == configurationName }.sorted { $0.path < $1.path }
        var problems: [String] = []
        let hidden = files.filter { file in
            let name = file.lastPathComponent
            guard !MetadataDocumentNames.isDocument(named: name), name != configurationName, let bytes = prefix(file)
            else { return false }
            return MetadataDocumentNames.looksLikeDocument(named: name, prefix: bytes)
        }
        for file in hidden.sorted(by: { $0.path < $1.path }) {
            problems.append(
                """
                \(file.path(percentEncoded: false)) looks like a metadata document, but target '\(targetName)' reads \
                only files whose names end in \(metadataSuffixes.joined(separator: ", ")): rename it to \
                \(MetadataDocumentNames.documentName(for: file.lastPathComponent))
                """
            )
        }
        if documents.isEmpty {
            problems.append(
                """
                target '\(targetName)' has no metadata document: add the service's $metadata or entity metadata \
                as a file whose name ends in \(metadataSuffixes.joined(separator: ", ")) to the target's folder
                """
            )
        }
        if configurations.count > 1 {
            problems.append(
                """
                target '\(targetName)' has \(configurations.count) configuration files \
                (\(configurations.map(\.path).joined(separator: ", "))): keep one \(configurationName)
                """
            )
        }
        guard problems.isEmpty else { return .failure(PluginInputError(problems: problems)) }
        return .success(PluginInputs(documents: documents, configuration: configurations.first))
    }

    /// The first 64 KiB of an `.xml` or `.json` file; nil for other files and files that cannot be read.
    static func prefix(_ file: URL) -> [UInt8]? {
        let name = file.lastPathComponent.lowercased()
        guard name.hasSuffix(".xml") || name.hasSuffix(".json"), let handle = try? FileHandle(forReadingFrom: file)
        else { return nil }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: 1 << 16)).map { [UInt8]($0) } ?? []
    }

    /// The documents' size in bytes, in all (a symbolic link's document, not the link); nil when one cannot be read.
    var documentBytes: Int? {
        var total = 0
        for document in documents {
            let path = document.resolvingSymlinksInPath().path(percentEncoded: false)
            let attributes = try? FileManager.default.attributesOfItem(atPath: path)
            guard let size = (attributes?[.size] as? NSNumber)?.intValue else { return nil }
            total += size
        }
        return total
    }

    /// The generator's arguments for these inputs, writing into `output`; `quiet` leaves out its notes and summary, so
    /// that a build prints nothing when all is well.
    func arguments(output: URL, quiet: Bool = false) -> [String] {
        var arguments = ["generate"] + (quiet ? ["--quiet"] : []) + documents.map { $0.path(percentEncoded: false) }
        arguments += ["-o", output.path(percentEncoded: false)]
        if let configuration { arguments += ["--config", configuration.path(percentEncoded: false)] }
        return arguments
    }
}

/// Everything wrong with a target's inputs.
struct PluginInputError: Error, CustomStringConvertible {
    var problems: [String]
    var description: String { problems.joined(separator: "\n") }
}
