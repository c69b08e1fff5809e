import MetadataModel
import MetadataReader

/// The pipeline's second stage: the documents read into one resolved, checked model.
public struct ParsedModel: Sendable {
    /// The service every document contributed to.
    public var service: Service
    /// The service's types by name, their lineages and entity sets, as the checks used them.
    public var index: ModelIndex
    /// What reading found, in the order found.
    public var diagnostics: [Diagnostic]

    /// Whether reading failed: the later stages do not run on such a model.
    public var hasErrors: Bool { diagnostics.hasErrors }

    init(_ result: LoadResult) {
        service = result.service
        index = result.index
        diagnostics = result.diagnostics
    }
}
