import MetadataModel

/// An attribute of an element, with its namespace URI (empty when unqualified).
struct XMLAttribute: Hashable, Sendable {
    var namespace: XMLNamespace
    var name: String
    var value: String
}

/// An element of a small subtree captured from the stream: one schema member, one Dynamics
/// attribute… never the whole document. A class, so that walking a subtree copies no strings.
final class XMLNode {
    let namespace: XMLNamespace
    let namespaceURI: String
    let name: String
    let attributes: [XMLAttribute]
    var children: [XMLNode]
    /// Character data directly inside this element.
    var text = ""
    let location: SourceLocation

    init(
        namespace: XMLNamespace,
        namespaceURI: String,
        name: String,
        attributes: [XMLAttribute],
        children: [XMLNode] = [],
        location: SourceLocation
    ) {
        self.namespace = namespace
        self.namespaceURI = namespaceURI
        self.name = name
        self.attributes = attributes
        self.children = children
        self.location = location
    }

    /// The unqualified attribute with this name.
    func attribute(_ name: String) -> String? { attributes.first { $0.name == name && $0.namespace == .none }?.value }

    /// The attribute with this name in this namespace.
    func attribute(_ name: String, in namespace: XMLNamespace) -> String? {
        attributes.first { $0.name == name && $0.namespace == namespace }?.value
    }

    /// Children with this local name, in document order.
    func children(named name: String) -> [XMLNode] { children.filter { $0.name == name } }

    /// The first child with this local name.
    func child(_ name: String) -> XMLNode? { children.first { $0.name == name } }

    /// `i:nil="true"`.
    var isNil: Bool { attribute("nil", in: .schemaInstance) == "true" }

    /// The local part of `i:type` (`b:LookupAttributeMetadata` → `LookupAttributeMetadata`).
    var schemaInstanceType: String? {
        attribute("type", in: .schemaInstance)
            .map { value in value.split(separator: ":").last.map(String.init) ?? value }
    }

    /// The trimmed text, or nil when empty or `i:nil`.
    var value: String? {
        if isNil { return nil }
        let trimmed = text.trimmingXMLSpace
        return trimmed.isEmpty ? nil : trimmed
    }
}

extension String {
    /// Without leading and trailing XML white space.
    var trimmingXMLSpace: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}

extension UInt8 {
    /// Whether the byte is XML white space: space, tab, line feed or carriage return.
    var isXMLSpace: Bool {
        self == UInt8(ascii: " ") || self == UInt8(ascii: "\t") || self == UInt8(ascii: "\n")
            || self == UInt8(ascii: "\r")
    }
}
