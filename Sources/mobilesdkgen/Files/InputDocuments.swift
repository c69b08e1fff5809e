import Foundation
import Generator
import MetadataModel

/// The metadata documents a command was given: files as they are, and a folder as the documents in it whose names
/// the build plugin would take (`*.metadata.xml`, `*.edmx`, `*.csdl.xml`, `*.entitydefinitions.json`), sorted.
enum InputDocuments {
    static func expand(_ paths: [String]) -> Result<[String], DiagnosticsError> {
        var documents: [String] = []
        var diagnostics: [Diagnostic] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                diagnostics.append(.error("no such file", at: .file(path)))
                continue
            }
            guard isDirectory.boolValue else {
                documents.append(path)
                continue
            }
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [])
                .filter(MetadataDocumentNames.isDocument(named:)).sorted()
            guard !names.isEmpty else {
                diagnostics.append(
                    .error(
                        """
                        is a folder without metadata documents \
                        (files whose names end in \(MetadataDocumentNames.suffixes.joined(separator: ", "))); give the documents \
                        themselves
                        """,
                        at: .file(path)
                    )
                )
                continue
            }
            documents += names.map { URL(fileURLWithPath: path).appendingPathComponent($0).path }
        }
        return diagnostics.isEmpty ? .success(documents) : .failure(DiagnosticsError(diagnostics))
    }
}
