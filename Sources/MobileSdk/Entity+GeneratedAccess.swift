/// The accessors of generated properties. A generated property names nothing but itself —
/// `var name: String? { get { self._get() } set { self._set(newValue) } }` — and these hooks find its storage
/// name through the class's ``Entity/propertyMetadata`` by the property's Swift name, so that each name is written
/// once per class.
/// Meant for generated code only; a name the metadata does not list is used as the storage name.
extension Entity {
    /// The value of the attribute behind the calling property.
    @_spi(Generated) public func _get<T: AttributeValueConvertible>(_ property: String = #function) -> T? {
        getValue(PropertyTable.of(type(of: self)).storageName(of: property))
    }

    /// Stores the value of the attribute behind the calling property; nil stores `.null`.
    @_spi(Generated) public func _set<T: AttributeValueConvertible>(_ value: T?, _ property: String = #function) {
        setValue(value, for: PropertyTable.of(type(of: self)).storageName(of: property))
    }

    /// The elements of the collection attribute behind the calling property.
    @_spi(Generated) public func _getAll<T: AttributeValueConvertible>(_ property: String = #function) -> [T]? {
        getValues(PropertyTable.of(type(of: self)).storageName(of: property))
    }

    /// Stores the elements of the collection attribute behind the calling property; nil stores `.null`.
    @_spi(Generated) public func _setAll<T: AttributeValueConvertible>(_ values: [T]?, _ property: String = #function) {
        setValues(values, for: PropertyTable.of(type(of: self)).storageName(of: property))
    }

    /// The entity related through the navigation property behind the calling property.
    @_spi(Generated) public func _related<T: Entity>(_ property: String = #function) -> T? {
        getRelated(PropertyTable.of(type(of: self)).storageName(of: property))
    }

    /// Relates one entity through the navigation property behind the calling property.
    @_spi(Generated) public func _setRelated<T: Entity>(_ entity: T?, _ property: String = #function) {
        setRelated(entity, for: PropertyTable.of(type(of: self)).storageName(of: property))
    }

    /// The entities related through the collection-valued navigation property behind the calling property.
    @_spi(Generated) public func _relatedAll<T: Entity>(_ property: String = #function) -> [T]? {
        getRelatedCollection(PropertyTable.of(type(of: self)).storageName(of: property))
    }

    /// Relates these entities through the collection-valued navigation property behind the calling property.
    @_spi(Generated) public func _setRelatedAll<T: Entity>(_ entities: [T]?, _ property: String = #function) {
        setRelatedCollection(entities, for: PropertyTable.of(type(of: self)).storageName(of: property))
    }
}

/// Attribute names from key paths of generated classes, so that code naming an attribute is checked by the compiler:
/// `Account.attributeName(\.accountNumber)` is `"accountnumber"`.
public protocol AttributeKeyPaths: Entity {}

extension Entity: AttributeKeyPaths {}

extension AttributeKeyPaths {
    /// The storage name (the logical name) of the attribute or navigation property a key path reads; nil when it
    /// reads none, or a path of several.
    public static func attributeName<Value>(_ keyPath: KeyPath<Self, Value>) -> String? {
        guard let resolved = PropertyPaths.resolve(keyPath as PartialKeyPath<Self>), resolved.payloadPath.count == 1
        else { return nil }
        return resolved.metadata?.name
    }

    /// The display text of the attribute a key path reads (an option's label, formatted money or a date, a lookup's
    /// record name), as the service formatted it: `account.formattedValue(\.revenue)`.
    public func formattedValue<Value>(_ keyPath: KeyPath<Self, Value>) -> String? {
        Self.attributeName(keyPath).flatMap { formattedValues[$0] }
    }

    /// The name of the navigation property a key path reads, for the calls that link records; nil when it reads
    /// none.
    public static func navigationName<Value>(_ keyPath: KeyPath<Self, Value>) -> String? {
        guard let name = attributeName(keyPath), navigationMetadata(name) != nil else { return nil }
        return name
    }

    /// Makes the attribute a key path reads absent ("not set") again, like ``Entity/removeAttribute(_:)``.
    public func removeAttribute<Value>(_ keyPath: KeyPath<Self, Value>) {
        if let name = Self.attributeName(keyPath) { removeAttribute(name) }
    }
}
