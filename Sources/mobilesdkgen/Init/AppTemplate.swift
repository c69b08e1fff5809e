import Foundation
import Generator

/// `init --template activity-tracker`: the Activity Tracker example app, `Examples/ActivityTracker`, as a package of
/// the user's own. The example is the one source of the app's code; the new package gets it renamed (every
/// `ActivityTracker` in paths and text becomes the app's name), the user's metadata in place of the example's, and the
/// files of `Templates/ActivityTracker` over it with their placeholders filled. The `Package.swift` template is only
/// the header that says where MobileSdkGen comes from: it replaces the example's header, the lines down to
/// `let mobileSdkGenPackage`.
struct AppTemplate {
    /// The example package.
    let example: URL
    /// The files that differ in a user's package.
    let templates: URL

    /// The name the example's code uses for the app, replaced by the new package's name.
    static let exampleName = "ActivityTracker"
    /// The last line of `Package.swift`'s header.
    static let headerEnd = "let mobileSdkGenPackage"

    /// Creates the package at `destination`.
    func create(at destination: URL, values: [String: String], metadata: URL) throws {
        let appName = values["APP_NAME"] ?? Self.exampleName
        let manager = FileManager.default
        var written: [String: String] = [:]
        for relative in try Self.files(in: example) where !Self.isLeftOut(relative) {
            let text = try String(contentsOf: example.appending(path: relative), encoding: .utf8)
            written[Self.renamed(relative, to: appName)] = Self.renamed(text, to: appName)
        }
        for relative in try Self.files(in: templates) {
            let path = PackageTemplate.packagePath(ofTemplate: relative, appName: appName)
            let template = try String(contentsOf: templates.appending(path: relative), encoding: .utf8)
            let text = PackageTemplate.fill(template, values)
            if path == "Package.swift" {
                written[path] = try Self.replacingHeader(of: written[path] ?? "", with: text)
            } else {
                written[path] = text
            }
        }
        for (path, text) in written {
            let target = destination.appending(path: path)
            try manager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: target)
        }
        let metadataFile = values["METADATA_FILE"] ?? "service.metadata.xml"
        try manager.copyItem(at: metadata, to: destination.appending(path: "Sources/\(appName)Model/\(metadataFile)"))
    }

    /// The paths of the regular files and links below `folder`, relative to it; hidden ones (`.build`) left out.
    static func files(in folder: URL) throws -> [String] {
        let manager = FileManager.default
        let root = folder.resolvingSymlinksInPath().path(percentEncoded: false)
        guard
            let enumerator = manager.enumerator(
                at: folder.resolvingSymlinksInPath(),
                includingPropertiesForKeys: [.isDirectoryKey],
                options: [.skipsHiddenFiles]
            )
        else { return [] }
        var paths: [String] = []
        for case let file as URL in enumerator
        where (try? file.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) != true {
            var relative = String(file.path(percentEncoded: false).dropFirst(root.count))
            while relative.hasPrefix("/") { relative.removeFirst() }
            paths.append(relative)
        }
        return paths.sorted()
    }

    /// What of the example a new package does not take: what a build or a resolution left, and the example's metadata
    /// and entity definitions (the user's take their place).
    static func isLeftOut(_ relative: String) -> Bool {
        let name = relative.split(separator: "/").last.map(String.init) ?? relative
        return name == "Package.resolved" || MetadataDocumentNames.isDocument(named: name)
    }

    static func renamed(_ text: String, to appName: String) -> String {
        text.replacingOccurrences(of: exampleName, with: appName)
    }

    /// `manifest` with the lines down to the one starting with ``headerEnd`` replaced by `header`.
    static func replacingHeader(of manifest: String, with header: String) throws -> String {
        let lines = manifest.split(separator: "\n", omittingEmptySubsequences: false)
        guard let end = lines.firstIndex(where: { $0.hasPrefix(headerEnd) }) else {
            throw AppTemplateError("the example's Package.swift has no line starting with '\(headerEnd)'")
        }
        let body = lines[(end + 1)...].joined(separator: "\n")
        return (header.hasSuffix("\n") ? header : header + "\n") + body
    }
}

struct AppTemplateError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}
