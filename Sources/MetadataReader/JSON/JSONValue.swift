import MetadataModel

/// A JSON value and where it starts in its document: a small tree, because the Web API's entity
/// definitions are read member by member, and Foundation's `JSONSerialization` keeps no locations.
struct JSONValue {
    enum Kind {
        /// Members in document order (a duplicate key keeps every occurrence; lookups find the first).
        case object([JSONMember])
        case array([JSONValue])
        case string(String)
        /// The number's text as written, so that `0.0` and `1E3` reach the model unchanged.
        case number(String)
        case bool(Bool)
        case null
    }

    var kind: Kind
    var location: SourceLocation

    /// The members of an object, or none.
    var members: [JSONMember] {
        if case .object(let members) = kind { return members }
        return []
    }

    /// The value of the object's first member with this key.
    subscript(key: String) -> JSONValue? { members.first { $0.key == key }?.value }

    var isNull: Bool {
        if case .null = kind { return true }
        return false
    }

    var isObject: Bool {
        if case .object = kind { return true }
        return false
    }

    /// What the value is, for messages: "an object", "a string"…
    var kindDescription: String {
        switch kind {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a Boolean"
        case .null: "null"
        }
    }
}

/// One `"key": value` of an object.
struct JSONMember {
    var key: String
    var value: JSONValue
}
