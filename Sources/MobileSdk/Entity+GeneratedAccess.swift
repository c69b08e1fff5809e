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

/// What the `_modify` accessor of a generated property yields — `_modify { yield &self[_attribute: #function] }` —
/// so that `account.numberOfEmployees? += 1` reads the value once, changes it in place and stores it once.
///
/// Without an accessor of its own, Swift writes a property's `_modify` itself, as an inlinable function whose body
/// every build of the generated module lowers and serializes again, for each of a large model's 40,000 properties.
/// These subscripts give the same order of calls, the value stored back when the change throws too, once for all.
extension Entity {
    /// The attribute behind the calling property, as `_get` and `_set` read and store it.
    @_spi(Generated) public subscript<T: AttributeValueConvertible>(_attribute property: String) -> T? {
        get { _get(property) }
        set { _set(newValue, property) }
        _modify {
            var value: T? = _get(property)
            defer { _set(value, property) }
            yield &value
        }
    }

    /// The collection attribute behind the calling property, as `_getAll` and `_setAll` read and store it.
    @_spi(Generated) public subscript<T: AttributeValueConvertible>(_attributes property: String) -> [T]? {
        get { _getAll(property) }
        set { _setAll(newValue, property) }
        _modify {
            var values: [T]? = _getAll(property)
            defer { _setAll(values, property) }
            yield &values
        }
    }

    /// The entity related through the navigation property behind the calling property.
    @_spi(Generated) public subscript<T: Entity>(_related property: String) -> T? {
        get { _related(property) }
        set { _setRelated(newValue, property) }
        _modify {
            var entity: T? = _related(property)
            defer { _setRelated(entity, property) }
            yield &entity
        }
    }

    /// The entities related through the collection-valued navigation property behind the calling property.
    @_spi(Generated) public subscript<T: Entity>(_relatedAll property: String) -> [T]? {
        get { _relatedAll(property) }
        set { _setRelatedAll(newValue, property) }
        _modify {
            var entities: [T]? = _relatedAll(property)
            defer { _setRelatedAll(entities, property) }
            yield &entities
        }
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
