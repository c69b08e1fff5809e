/// A namespace-qualified name such as `Microsoft.Dynamics.CRM.account` or `Edm.String`.
///
/// After reading, every qualified name in the model uses the schema's namespace, never an alias.
public struct QualifiedName: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public var namespace: String
    public var name: String

    public init(namespace: String, name: String) {
        self.namespace = namespace
        self.name = name
    }

    /// Splits `Namespace.Name` at its last dot; a name without a dot has an empty namespace.
    public init(parsing text: String) {
        if let dot = text.utf8.lastIndex(of: UInt8(ascii: ".")) {
            namespace = String(text[..<dot])
            name = String(text[text.utf8.index(after: dot)...])
        } else {
            namespace = ""
            name = text
        }
    }

    public var description: String { namespace.isEmpty ? name : "\(namespace).\(name)" }

    public static func < (lhs: QualifiedName, rhs: QualifiedName) -> Bool {
        (lhs.namespace, lhs.name) < (rhs.namespace, rhs.name)
    }

    public init(from decoder: any Decoder) throws {
        self.init(parsing: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
