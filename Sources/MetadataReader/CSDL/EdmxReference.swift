import MetadataModel

/// An `edmx:Reference`: another document whose namespaces this one uses.
struct EdmxReference {
    struct Include {
        var namespace: String
        var alias: String?
    }

    var uri: String
    var includes: [Include]
    var location: SourceLocation

    init?(_ node: XMLNode, context: ReadContext) {
        guard let uri = context.required("Uri", of: node) else { return nil }
        self.uri = uri
        self.location = node.location
        includes = node.children.filter { $0.namespace == .edmx && $0.name == "Include" }
            .compactMap { include in
                context.required("Namespace", of: include)
                    .map { Include(namespace: $0, alias: include.attribute("Alias")) }
            }
    }
}
