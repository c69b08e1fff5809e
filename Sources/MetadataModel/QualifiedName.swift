/// A namespace-qualified name such as `Microsoft.Dynamics.CRM.account` or `Edm.String`.
///
/// After reading, every qualified name in the model uses the schema's namespace, never an alias.
public struct QualifiedName: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The namespace, such as `Microsoft.Dynamics.CRM`; empty for a name read without a dot.
    public var namespace: String
    /// The name within the namespace, such as `account`.
    public var name: String

    /// Creates the name `name` in `namespace`, taking both as given.
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

    /// `Namespace.Name`, or just the name when the namespace is empty.
    public var description: String { namespace.isEmpty ? name : "\(namespace).\(name)" }

    /// Orders by namespace, then by name.
    public static func < (lhs: QualifiedName, rhs: QualifiedName) -> Bool {
        (lhs.namespace, lhs.name) < (rhs.namespace, rhs.name)
    }

    /// Decodes the single string `encode(to:)` writes, as ``init(parsing:)`` reads it.
    public init(from decoder: any Decoder) throws {
        self.init(parsing: try decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes the name as a single string, `Namespace.Name`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
