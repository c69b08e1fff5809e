/// A generated struct for a complex type, stored as `.complex` with its properties by name.
///
/// Generated code stores the attribute dictionary and reads and writes each property through `_get` and `_set`,
/// which find its name in ``propertyMetadata`` by the property's Swift name. `_set` rebuilds the value through
/// `init(attributes:)`: a conforming type holds nothing but its attributes.
public protocol ComplexValue: AttributeValueConvertible, Hashable, Sendable {
    /// The value with these properties; unknown names are kept, missing ones are absent.
    init(attributes: [String: AttributeValue])
    /// The properties by name. Generated structs declare it `var`; the requirement is get-only so that no conformance
    /// needs a setter and a `modify` witness (three thousand functions in a model the size of Microsoft Graph).
    var attributes: [String: AttributeValue] { get }
    /// How each property is typed and named in payloads.
    static var propertyMetadata: [PropertyMetadata] { get }
}

extension ComplexValue {
    /// No metadata: values are read by their JSON shape.
    public static var propertyMetadata: [PropertyMetadata] { [] }

    /// Reads `.complex`.
    public init?(attributeValue: AttributeValue) {
        guard case .complex(let attributes) = attributeValue else { return nil }
        self.init(attributes: attributes)
    }

    /// The value as `.complex`.
    public var attributeValue: AttributeValue { .complex(attributes) }

    /// Equal when the properties are: implemented once here rather than synthesized for every generated type.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.attributes == rhs.attributes }

    /// Hashes the properties.
    public func hash(into hasher: inout Hasher) { hasher.combine(attributes) }

    /// The properties' hash: declared here so that Swift does not synthesize it for every generated type.
    public var hashValue: Int { attributes.hashValue }
}

/// The accessors of generated properties (see `Entity._get`); meant for generated code only.
extension ComplexValue {
    /// The value of the property behind the calling Swift property.
    @_spi(Generated) public func _get<T: AttributeValueConvertible>(_ property: String = #function) -> T? {
        attributes.value(PropertyTable.of(Self.self).storageName(of: property))
    }

    /// Stores the value of the property behind the calling Swift property; nil stores `.null`.
    @_spi(Generated) public mutating func _set<T: AttributeValueConvertible>(
        _ value: T?,
        _ property: String = #function
    ) {
        let name = PropertyTable.of(Self.self).storageName(of: property)
        updateAttributes { $0.set(value, for: name) }
    }

    /// The elements of the collection property behind the calling Swift property.
    @_spi(Generated) public func _getAll<T: AttributeValueConvertible>(_ property: String = #function) -> [T]? {
        attributes.values(PropertyTable.of(Self.self).storageName(of: property))
    }

    /// Stores the elements of the collection property behind the calling Swift property; nil stores `.null`.
    @_spi(Generated) public mutating func _setAll<T: AttributeValueConvertible>(
        _ values: [T]?,
        _ property: String = #function
    ) {
        let name = PropertyTable.of(Self.self).storageName(of: property)
        updateAttributes { $0.set(values, for: name) }
    }

    /// Changes the properties through `init(attributes:)`, the requirement being get-only. `self` lets go of its
    /// dictionary first, so that the change is made in place rather than on a copy.
    private mutating func updateAttributes(_ change: (inout [String: AttributeValue]) -> Void) {
        var attributes = self.attributes
        self = Self(attributes: [:])
        change(&attributes)
        self = Self(attributes: attributes)
    }
}
