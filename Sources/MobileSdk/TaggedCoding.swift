/// The coding of enums as single-key objects whose key names the case, such as `{"string": "x"}`.
extension Decoder {
    /// The tag of a single-key object and a container to decode its value with; throws `dataCorrupted` for another
    /// number of keys or a key that is not a `Tag`.
    func singleTag<Tag: CodingKey>(_ tag: Tag.Type, of typeName: String) throws -> (Tag, KeyedDecodingContainer<Tag>) {
        let keys = try container(keyedBy: AnyCodingKey.self)
        guard keys.allKeys.count == 1, let key = keys.allKeys.first else {
            let found = keys.allKeys.isEmpty ? "none" : keys.allKeys.map(\.stringValue).sorted().joined(separator: ", ")
            let message = "expected one key naming the \(typeName) case, found \(found)"
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: codingPath, debugDescription: message))
        }
        guard let tag = Tag(stringValue: key.stringValue) else {
            throw DecodingError.dataCorruptedError(
                forKey: key,
                in: keys,
                debugDescription: "unknown \(typeName) case '\(key.stringValue)'"
            )
        }
        return (tag, try container(keyedBy: Tag.self))
    }
}

/// Any string key, to list the keys of an object whatever they are.
private struct AnyCodingKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(stringValue: String) { self.stringValue = stringValue }

    init?(intValue: Int) { nil }
}
