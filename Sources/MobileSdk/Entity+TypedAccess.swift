/// Typed attribute access, used by the properties of generated classes.
extension Entity {
    /// The attribute as `T`; nil when it is absent, `.null`, or of another kind.
    public func getValue<T: AttributeValueConvertible>(_ name: String, as type: T.Type = T.self) -> T? {
        if let probe { return probe.recorder.read(name, at: probe.depth, as: type) }
        return attributes.storedValue(name, as: type)
    }

    /// Stores the value as a change; nil stores `.null`, which clears the attribute on update.
    public func setValue<T: AttributeValueConvertible>(_ value: T?, for name: String) {
        self[name] = value?.attributeValue ?? .null
    }

    /// The elements of a collection attribute as `T`; nil when it is absent, `.null`, or not a collection of `T`.
    public func getValues<T: AttributeValueConvertible>(_ name: String, as type: T.Type = T.self) -> [T]? {
        if let probe { return probe.recorder.read(name, at: probe.depth, as: [T].self) }
        return attributes.storedValues(name, as: type)
    }

    /// Stores the values as a `.collection` change — as `.optionSetValues`, the form the service sends, when they are
    /// options of a multi-select option set; nil stores `.null`.
    public func setValues<T: AttributeValueConvertible>(_ values: [T]?, for name: String) {
        // By element type: an empty array of any type would cast to `[any OptionSetEnumeration]`.
        if T.self is any OptionSetEnumeration.Type, let options = values as? [any OptionSetEnumeration] {
            self[name] = .optionSetValues(options.map { OptionSetValue($0.rawValue) })
            return
        }
        self[name] = values.map { .collection($0.map(\.attributeValue)) } ?? .null
    }
}
