/// An element read from XML: its namespace and local name, attributes, child elements and text, and the namespace
/// prefixes in scope where it stands (to resolve qualified names in values, such as `i:type="a:EntityReference"`).
final class XMLElementNode: Sendable {
    /// The namespace URI; empty for none.
    let namespace: String
    let name: String
    /// Attributes by qualified name as written (`i:type`, `i:nil`); namespace declarations are not among them.
    let attributes: [String: String]
    let children: [XMLElementNode]
    /// The text directly inside the element, its parts joined.
    let text: String
    /// Prefix → namespace URI in scope here; the empty prefix is the default namespace.
    let prefixes: [String: String]
    /// The line the element starts on, for messages.
    let line: Int

    init(
        namespace: String,
        name: String,
        attributes: [String: String],
        children: [XMLElementNode],
        text: String,
        prefixes: [String: String],
        line: Int
    ) {
        self.namespace = namespace
        self.name = name
        self.attributes = attributes
        self.children = children
        self.text = text
        self.prefixes = prefixes
        self.line = line
    }

    /// The first child element named `name` (in any namespace unless `namespace` is given).
    func child(_ name: String, in namespace: String? = nil) -> XMLElementNode? {
        children.first { $0.name == name && (namespace == nil || $0.namespace == namespace) }
    }

    /// The child elements named `name`.
    func children(_ name: String) -> [XMLElementNode] { children.filter { $0.name == name } }

    /// Whether the element carries `i:nil="true"` (XML Schema instance's nil).
    var isNil: Bool {
        attributes.contains { key, value in
            key.split(separator: ":").last == "nil" && value == "true"
                && prefixes[Self.prefix(of: key)] == XMLNamespaces.instance
        }
    }

    /// The `i:type` attribute resolved: its namespace URI and local name.
    var instanceType: (namespace: String, name: String)? {
        guard
            let (_, value) = attributes.first(where: { key, _ in
                key.split(separator: ":").last == "type" && prefixes[Self.prefix(of: key)] == XMLNamespaces.instance
            })
        else { return nil }
        let parts = value.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard let local = parts.last, !local.isEmpty else { return nil }
        return (prefixes[parts.count == 2 ? parts[0] : ""] ?? "", local)
    }

    /// The prefix of a qualified name (`i` of `i:type`); empty for none.
    private static func prefix(of name: String) -> String { name.firstIndex(of: ":").map { String(name[..<$0]) } ?? "" }
}
