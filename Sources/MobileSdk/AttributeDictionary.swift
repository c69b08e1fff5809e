/// Typed access to attributes by name, shared by ``Entity`` and generated complex types.
extension Dictionary where Key == String, Value == AttributeValue {
    /// The attribute as `T`; nil when it is absent, `.null`, or of another kind.
    public func value<T: AttributeValueConvertible>(_ name: String, as type: T.Type = T.self) -> T? {
        if let (recorder, depth) = probe { return recorder.read(name, at: depth, as: type) }
        return storedValue(name, as: type)
    }

    /// The elements of a `.collection` (or of `.optionSetValues`) as `T`; nil when the attribute is absent, `.null`,
    /// not a collection, or has an element of another kind.
    public func values<T: AttributeValueConvertible>(_ name: String, as type: T.Type = T.self) -> [T]? {
        if let (recorder, depth) = probe { return recorder.read(name, at: depth, as: [T].self) }
        return storedValues(name, as: type)
    }

    /// The recorder and depth when these are the attributes of a probe complex value (see ``PropertyPaths``).
    private var probe: (AccessRecorder, Int)? {
        guard let recorder = AccessRecorder.current, case .int32(let depth)? = self[AccessRecorder.depthKey] else {
            return nil
        }
        return (recorder, Int(depth))
    }

    func storedValue<T: AttributeValueConvertible>(_ name: String, as type: T.Type) -> T? {
        guard let value = self[name], value != .null else { return nil }
        return T(attributeValue: value)
    }

    func storedValues<T: AttributeValueConvertible>(_ name: String, as type: T.Type) -> [T]? {
        let elements: [AttributeValue]
        switch self[name] {
        case .collection(let values): elements = values
        case .optionSetValues(let options): elements = options.map(\.attributeValue)
        default: return nil
        }
        var result: [T] = []
        for element in elements {
            guard let value = T(attributeValue: element) else { return nil }
            result.append(value)
        }
        return result
    }

    /// Stores the value; nil stores `.null`.
    public mutating func set<T: AttributeValueConvertible>(_ value: T?, for name: String) {
        self[name] = value?.attributeValue ?? .null
    }

    /// Stores the values as `.collection`; nil stores `.null`.
    public mutating func set<T: AttributeValueConvertible>(_ values: [T]?, for name: String) {
        self[name] = values.map { .collection($0.map(\.attributeValue)) } ?? .null
    }
}
