import MetadataModel

/// One document as read, before it joins the service.
struct ReadDocument {
    var path: String
    var dialect: Dialect?
    var schemas: [Schema] = []
    var references: [EdmxReference] = []
    /// Aliases declared by `edmx:Include` and v1–v3 `Using`.
    var includes: [EdmxReference.Include] = []
    var diagnostics: [Diagnostic] = []
    /// Whether it was read from entity metadata (to be merged onto CSDL where possible).
    var isEntityMetadata: Bool { dialect == .dynamicsEntityMetadata }
}

/// Reads one file: decides from its root element whether it is CSDL or Dynamics entity
/// metadata and streams it through the matching reader. A JSON document (the Web API's entity
/// definitions) goes to `EntityDefinitionsDocument` instead.
final class DocumentReader: XMLStreamHandler {
    private enum Content {
        case undecided
        case csdl(CSDLReader)
        case entityMetadata(EntityMetadataReader)
    }

    private let context: ReadContext
    private var content = Content.undecided
    private var root: XMLNode?

    private init(path: String) { context = ReadContext(path: path) }

    /// Reads the file at `path`, or `bytes` when given (named `path` in diagnostics).
    static func read(path: String, bytes: [UInt8]? = nil) -> ReadDocument {
        if EntityDefinitionsDocument.isJSON(path: path, bytes: bytes) {
            return EntityDefinitionsDocument.read(path: path, bytes: bytes)
        }
        let reader = DocumentReader(path: path)
        let stream = XMLStreamReader(path: path, bytes: bytes, handler: reader)
        let wellFormed = stream.read()
        var document = ReadDocument(path: path)
        document.diagnostics = stream.diagnostics
        guard wellFormed else {
            document.diagnostics += reader.context.diagnostics.filter { $0.severity == .error }
            return document
        }
        reader.finish(into: &document)
        document.diagnostics += reader.context.diagnostics
        return document
    }

    func start(_ node: XMLNode, depth: Int) -> ElementDisposition {
        if case .undecided = content {
            root = node
            if (node.name == "Edmx") || (node.name == "Schema" && node.isCSDL) {
                content = .csdl(CSDLReader(context: context))
            } else {
                content = .entityMetadata(EntityMetadataReader(context: context))
            }
        }
        switch content {
        case .csdl(let reader): return reader.start(node, depth: depth)
        case .entityMetadata(let reader): return reader.start(node, depth: depth)
        case .undecided: return .skip
        }
    }

    func end(_ node: XMLNode, depth: Int) {
        switch content {
        case .csdl(let reader): reader.end(node, depth: depth)
        case .entityMetadata(let reader): reader.end(node, depth: depth)
        case .undecided: break
        }
    }

    func captured(_ node: XMLNode, depth: Int) {
        switch content {
        case .csdl(let reader): reader.captured(node, depth: depth)
        case .entityMetadata(let reader): reader.captured(node, depth: depth)
        case .undecided: break
        }
    }

    private func finish(into document: inout ReadDocument) {
        switch content {
        case .csdl(let reader):
            document.dialect = reader.dialect
            document.schemas = reader.schemas
            document.references = reader.references
            document.includes = reader.references.flatMap(\.includes) + reader.usings
        case .entityMetadata(let reader):
            let entities = reader.finish()
            guard !entities.isEmpty || !reader.globalOptionSets.isEmpty, let root else {
                let name = root.map { "<\($0.name)>" } ?? "none"
                context.error(
                    """
                    unrecognised root element \(name): expected edmx:Edmx (OData CSDL) or Dynamics entity metadata \
                    (namespace http://schemas.microsoft.com/xrm/2011/Metadata)
                    """,
                    at: root?.location ?? .file(context.path)
                )
                return
            }
            document.dialect = .dynamicsEntityMetadata
            var schema = Schema(namespace: EntityMetadataReader.namespace, location: root.location)
            schema.entityTypes = entities
            schema.optionSets = reader.globalOptionSets
            document.schemas = [schema]
        case .undecided: context.error("the document has no root element", at: .file(context.path))
        }
    }
}
