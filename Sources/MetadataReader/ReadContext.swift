import MetadataModel

/// Collects the diagnostics of one document's reading.
final class ReadContext {
    let path: String
    /// Whether the document is OData v4; set once the root element has been read.
    var isV4 = false
    private(set) var diagnostics: [Diagnostic] = []

    init(path: String) { self.path = path }

    func error(_ message: String, at location: SourceLocation) { diagnostics.append(.error(message, at: location)) }

    func warning(_ message: String, at location: SourceLocation) { diagnostics.append(.warning(message, at: location)) }

    func note(_ message: String, at location: SourceLocation) { diagnostics.append(.note(message, at: location)) }

    func append(contentsOf more: [Diagnostic]) { diagnostics.append(contentsOf: more) }

    /// The attribute's value, or an error naming the element and the missing attribute.
    func required(_ attribute: String, of node: XMLNode) -> String? {
        if let value = node.attribute(attribute), !value.isEmpty { return value }
        error("\(node.name) has no \(attribute) attribute", at: node.location)
        return nil
    }

    /// Reports an element the reader skips: a warning for an unsupported CSDL or EDMX element,
    /// a note for an element of another vocabulary (such as SAP's Atom links).
    func skipped(_ node: XMLNode, in parent: String) {
        if node.namespace == .edm || node.namespace == .edmx {
            warning("skipped unsupported element <\(node.name)> in \(parent)", at: node.location)
        } else {
            note("ignored element <\(node.name)> of namespace '\(node.namespaceURI)' in \(parent)", at: node.location)
        }
    }
}
