/// A vocabulary annotation: a term applied to a model element, with a value.
public struct Annotation: Hashable, Sendable, Codable {
    /// The `Term` attribute: the qualified name of the applied term (the reader resolves aliases).
    public var term: QualifiedName
    /// The `Qualifier` attribute, or once applied that of its `<Annotations>` group; nil when unqualified.
    public var qualifier: String?
    /// The annotation's expression, given as an attribute or a child element.
    public var value: AnnotationValue
    /// Where the `<Annotation>` (or v2/v3 `<Documentation>`) element was read.
    public var location: SourceLocation

    /// Creates an annotation of `term` with an optional qualifier, its value and its source location.
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
    /// A `<Collection>` expression, with its items in document order.
    case collection([AnnotationValue])
    /// A `<Record>` expression: its optional `Type` and its `<PropertyValue>` children.
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
    /// The `Property` attribute of `<PropertyValue>` (in `SAPAttributes`, the attribute's local name).
    public var name: String
    /// The property's value expression.
    public var value: AnnotationValue

    /// Creates a record property value with its name and value.
    public init(name: String, value: AnnotationValue) {
        self.name = name
        self.value = value
    }
}

/// External annotations: `<Annotations Target="…">`.
public struct AnnotationGroup: Hashable, Sendable, Codable {
    /// The target path with aliases resolved, e.g. `Sample.Person/LastName`.
    public var target: String
    /// The group's `Qualifier`, given to member annotations that have none; nil when absent.
    public var qualifier: String?
    /// The `<Annotation>` children, in document order.
    public var annotations: [Annotation] = []
    /// Where the `<Annotations>` element was read.
    public var location: SourceLocation

    /// Creates an empty group for `target`, with its optional qualifier and its source location.
    public init(target: String, qualifier: String? = nil, location: SourceLocation) {
        self.target = target
        self.qualifier = qualifier
        self.location = location
    }
}
