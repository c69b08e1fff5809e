/// A generated struct for a complex type, stored as `.complex` with its properties by name.
///
/// Generated code stores the attribute dictionary and reads and writes each property through `_get` and `_set`,
/// which find its name in ``propertyMetadata`` by the property's Swift name.
public protocol ComplexValue: AttributeValueConvertible, Hashable, Sendable {
    /// The value with these properties; unknown names are kept, missing ones are absent.
    init(attributes: [String: AttributeValue])
    /// The properties by name.
    var attributes: [String: AttributeValue] { get set }
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
}

/// The accessors of generated properties (see ``Entity/_get(_:)``); meant for generated code only.
extension ComplexValue {
    /// The value of the property behind the calling Swift property.
    public func _get<T: AttributeValueConvertible>(_ property: String = #function) -> T? {
        attributes.value(PropertyTable.of(Self.self).storageName(of: property))
    }

    /// Stores the value of the property behind the calling Swift property; nil stores `.null`.
    public mutating func _set<T: AttributeValueConvertible>(_ value: T?, _ property: String = #function) {
        attributes.set(value, for: PropertyTable.of(Self.self).storageName(of: property))
    }

    /// The elements of the collection property behind the calling Swift property.
    public func _getAll<T: AttributeValueConvertible>(_ property: String = #function) -> [T]? {
        attributes.values(PropertyTable.of(Self.self).storageName(of: property))
    }

    /// Stores the elements of the collection property behind the calling Swift property; nil stores `.null`.
    public mutating func _setAll<T: AttributeValueConvertible>(_ values: [T]?, _ property: String = #function) {
        attributes.set(values, for: PropertyTable.of(Self.self).storageName(of: property))
    }
}
