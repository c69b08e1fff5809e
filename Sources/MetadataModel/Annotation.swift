/// A vocabulary annotation: a term applied to a model element, with a value.
public struct Annotation: Hashable, Sendable, Codable {
    public var term: QualifiedName
    public var qualifier: String?
    public var value: AnnotationValue
    public var location: SourceLocation

    public init(term: QualifiedName, qualifier: String? = nil, value: AnnotationValue, location: SourceLocation) {
        self.term = term
        self.qualifier = qualifier
        self.value = value
        self.location = location
    }
}

/// The value of an annotation or of a record property.
public indirect enum AnnotationValue: Hashable, Sendable, Codable {
    /// No value given: for a Boolean term this means `true`.
    case absent
    /// A constant or path expression: `kind` is the CSDL spelling (`String`, `Bool`, `Int`,
    /// `EnumMember`, `Path`, `PropertyPath`…) and `text` its lexical value.
    case constant(kind: String, text: String)
    case collection([AnnotationValue])
    case record(type: QualifiedName?, properties: [PropertyValue])
    /// A dynamic expression (`If`, `Apply`, `Eq`, `LabeledElement`…) with its operands.
    case expression(name: String, operands: [AnnotationValue])

    /// The text of a constant, if this is one.
    public var text: String? {
        if case .constant(_, let text) = self { return text }
        return nil
    }

    /// The Boolean meaning: absent means true (the CSDL default for Boolean terms).
    public var boolValue: Bool? {
        switch self {
        case .absent: true
        case .constant(_, let text): text == "true" ? true : (text == "false" ? false : nil)
        default: nil
        }
    }

    /// The property value of a record with this name.
    public subscript(property name: String) -> AnnotationValue? {
        guard case .record(_, let properties) = self else { return nil }
        return properties.first { $0.name == name }?.value
    }

    /// The elements of a collection, or this value alone.
    public var elements: [AnnotationValue] {
        if case .collection(let items) = self { return items }
        return [self]
    }
}

/// A property of a record expression.
public struct PropertyValue: Hashable, Sendable, Codable {
    public var name: String
    public var value: AnnotationValue

    public init(name: String, value: AnnotationValue) {
        self.name = name
        self.value = value
    }
}

/// External annotations: `<Annotations Target="…">`.
public struct AnnotationGroup: Hashable, Sendable, Codable {
    /// The target path with aliases resolved, e.g. `Sample.Person/LastName`.
    public var target: String
    public var qualifier: String?
    public var annotations: [Annotation] = []
    public var location: SourceLocation

    public init(target: String, qualifier: String? = nil, location: SourceLocation) {
        self.target = target
        self.qualifier = qualifier
        self.location = location
    }
}
