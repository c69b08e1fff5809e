/// The type of a property, parameter, return value or term: a primitive or named type,
/// possibly a collection of it (`Collection(Edm.String)`).
public struct TypeReference: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The type's qualified name; for a collection, the type of its elements.
    public var name: QualifiedName
    /// Whether the type is `Collection(…)` of `name`.
    public var isCollection: Bool

    /// Creates a reference to `name`, or to a collection of it when `isCollection` is true.
    public init(name: QualifiedName, isCollection: Bool = false) {
        self.name = name
        self.isCollection = isCollection
    }

    /// Parses `Namespace.Name` or `Collection(Namespace.Name)`.
    public init(parsing text: String) {
        let trimmed = text.trimmingSpaces
        if trimmed.utf8.first == UInt8(ascii: "C"), trimmed.hasPrefix("Collection("), trimmed.hasSuffix(")") {
            let inner = trimmed.dropFirst("Collection(".count).dropLast()
            self.init(name: QualifiedName(parsing: String(inner).trimmingSpaces), isCollection: true)
        } else {
            self.init(name: QualifiedName(parsing: trimmed))
        }
    }

    /// The Edm primitive type this names, if it is one.
    public var primitive: EdmPrimitiveType? { name.namespace == "Edm" ? EdmPrimitiveType.named(name.name) : nil }

    /// `Collection(Namespace.Name)` or `Namespace.Name`, as CSDL spells it.
    public var description: String { isCollection ? "Collection(\(name))" : name.description }

    /// Decodes the single string `encode(to:)` writes, as ``init(parsing:)`` reads it.
    public init(from decoder: any Decoder) throws {
        self.init(parsing: try decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes the reference as a single string, as CSDL spells it (``description``).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and line breaks.
    var trimmingSpaces: String {
        let isSpaceByte = { (byte: UInt8?) in byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        if !isSpaceByte(utf8.first) && !isSpaceByte(utf8.last) { return self }
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
