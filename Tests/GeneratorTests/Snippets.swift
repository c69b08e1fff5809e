import Foundation
@testable import Generator
import GeneratorPipeline
import MetadataModel
import MetadataReader
import SwiftEmitter

/// Small metadata fragments in, the Swift text of one generated type out.
enum Snippets {
    /// Wraps schema members in an OData v4 document (namespace `Test`, alias `t`).
    static func csdl(_ members: String, extraSchema: String = "") -> String {
        """
        <edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">
          <edmx:DataServices>
            <Schema Namespace="Test" Alias="t" xmlns="http://docs.oasis-open.org/odata/ns/edm">
        \(members)
            </Schema>
        \(extraSchema)
          </edmx:DataServices>
        </edmx:Edmx>
        """
    }

    /// The model of a document, read from memory.
    static func parsed(_ document: String) throws -> LoadResult {
        let result = Pipeline().parse(.document(named: "Snippet.xml", bytes: Array(document.utf8)))
        guard !result.hasErrors else { throw SnippetError.unreadable(result.diagnostics.map(\.description)) }
        return result
    }

    /// The rendered declaration of the generated type named `swiftName`, and the generator's diagnostics: through the
    /// generator's own translation of the whole model. With `SNIPPETS_RECORD_DIR` set, each rendered type is also
    /// written there (`<name>.swift`), for reviewing and updating expectations after a deliberate change.
    static func render(
        _ document: String,
        type swiftName: String,
        configuration: GeneratorConfiguration = GeneratorConfiguration()
    ) throws -> (text: String, diagnostics: [String]) {
        let model = Pipeline(configuration: configuration).translate(try parsed(document))
        guard let declaration = model.types.first(where: { $0.name == swiftName })?.declaration else {
            throw SnippetError.noSuchType(swiftName, model.types.map(\.name).sorted())
        }
        let text = SwiftRenderer().render(declaration)
        if let folder = ProcessInfo.processInfo.environment["SNIPPETS_RECORD_DIR"] {
            try? text.write(toFile: folder + "/" + swiftName + ".swift", atomically: true, encoding: .utf8)
        }
        return (text, messages(model.diagnostics))
    }

    /// The diagnostics of translating the whole model.
    static func diagnostics(_ document: String, configuration: GeneratorConfiguration = GeneratorConfiguration()) throws
        -> [String]
    { messages(Pipeline(configuration: configuration).translate(try parsed(document)).diagnostics) }

    private static func messages(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map { "\($0.severity.rawValue): \($0.message)" }
    }

    enum SnippetError: Error {
        case unreadable([String])
        case noSuchType(String, [String])
    }
}
