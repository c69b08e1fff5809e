import Foundation
import Generator

/// Copies `Templates/Package` into a new package, replacing `{{NAME}}` placeholders.
struct PackageTemplate {
    let templates: URL

    /// Creates the package at `destination`, with the metadata document in the model target.
    func create(at destination: URL, values: [String: String], metadata: URL) throws {
        let manager = FileManager.default
        let appName = values["APP_NAME"] ?? "App"
        guard let files = manager.enumerator(at: templates, includingPropertiesForKeys: [.isRegularFileKey]) else {
            return
        }
        for case let file as URL in files
        where (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            var relative = String(
                file.path(percentEncoded: false).dropFirst(templates.path(percentEncoded: false).count)
            )
            if relative.hasPrefix("/") { relative.removeFirst() }
            relative = Self.packagePath(ofTemplate: relative, appName: appName)
            let text = Self.fill(try String(contentsOf: file, encoding: .utf8), values)
            let target = destination.appending(path: relative)
            try manager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: target)
        }
        let model = destination.appending(
            path: "Sources/\(appName)Model/\(values["METADATA_FILE"] ?? "service.metadata.xml")"
        )
        try manager.copyItem(at: metadata, to: model)
    }

    /// Where a template file goes: `Sources/Model` is `Sources/<App>Model`, `Sources/App` is `Sources/<App>`, and
    /// `.template` goes.
    static func packagePath(ofTemplate relative: String, appName: String) -> String {
        var path = relative.replacingOccurrences(of: "Sources/Model", with: "Sources/\(appName)Model")
            .replacingOccurrences(of: "Sources/App", with: "Sources/\(appName)")
        if path.hasSuffix(".template") { path.removeLast(".template".count) }
        return path
    }

    /// `text` with each `{{NAME}}` placeholder replaced by its value.
    static func fill(_ text: String, _ values: [String: String]) -> String {
        var text = text
        for key in values.keys.sorted() { text = text.replacingOccurrences(of: "{{\(key)}}", with: values[key] ?? "") }
        return text
    }

    /// A metadata file's name in the new package: one the build plugin reads.
    static func metadataFileName(_ path: String) -> String {
        MetadataDocumentNames.documentName(for: URL(fileURLWithPath: path).lastPathComponent)
    }

    /// `.package(url: …, branch: "main")` for a URL — no release is tagged yet, so a version requirement would not
    /// resolve — and `.package(path: …)` for a folder.
    static func dependency(_ source: String) -> String {
        source.contains("://") ? ".package(url: \"\(source)\", branch: \"main\")" : ".package(path: \"\(source)\")"
    }

    /// SwiftPM's identity for the dependency: the last path component, without `.git`.
    static func identity(_ source: String) -> String {
        let last = source.split(separator: "/").last.map(String.init) ?? source
        return (last.hasSuffix(".git") ? String(last.dropLast(4)) : last).lowercased()
    }
}
