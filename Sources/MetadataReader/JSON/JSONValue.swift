import MetadataModel

/// A JSON value and where it starts in its document: a small tree, because the Web API's entity
/// definitions are read member by member, and Foundation's `JSONSerialization` keeps no locations.
package struct JSONValue: Sendable {
    package enum Kind: Sendable {
        /// Members in document order (a duplicate key keeps every occurrence; lookups find the first).
        case object([JSONMember])
        case array([JSONValue])
        case string(String)
        /// The number's text as written, so that `0.0` and `1E3` reach the model unchanged.
        case number(String)
        case bool(Bool)
        case null
    }

    package var kind: Kind
    // The location, kept small (a large document has millions of values): the document by number, and the line and
    // column (clamped to 32 bits: a document of more than 2 GiB on a line would report the last column it can).
    private var document: DocumentPath
    private var line: Int32
    private var column: Int32

    package init(kind: Kind, location: SourceLocation) {
        self.init(kind: kind, document: DocumentPath(location.file), line: location.line, column: location.column)
    }

    /// A value of `document` at `line` and `column`: what the parser makes, without a path per value.
    init(kind: Kind, document: DocumentPath, line: Int, column: Int) {
        self.kind = kind
        self.document = document
        self.line = Int32(clampingLocation: line)
        self.column = Int32(clampingLocation: column)
    }

    /// Where the value starts.
    package var location: SourceLocation { SourceLocation(file: document.path, line: Int(line), column: Int(column)) }

    /// The members of an object, or none.
    package var members: [JSONMember] {
        if case .object(let members) = kind { return members }
        return []
    }

    /// The value of the object's first member with this key.
    package subscript(key: String) -> JSONValue? {
        guard case .object(let members) = kind else { return nil }
        // Through a buffer, and by index: a debug build (the build plugin's tool) would copy every member it passes.
        // Lengths first: comparing two strings of different lengths still costs a call.
        let length = key.utf8.count
        return members.withUnsafeBufferPointer { members in
            var index = 0
            while index < members.count {
                if members[index].key.utf8.count == length, members[index].key == key { return members[index].value }
                index += 1
            }
            return nil
        }
    }

    package var isNull: Bool {
        if case .null = kind { return true }
        return false
    }

    package var isObject: Bool {
        if case .object = kind { return true }
        return false
    }

    /// What the value is, for messages: "an object", "a string"…
    package var kindDescription: String {
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
package struct JSONMember: Sendable {
    package var key: String
    package var value: JSONValue
    /// The line and column of the key's opening quote (0 for a member made in code), kept small: a large
    /// document has a million members.
    private var keyLine: Int32
    private var keyColumn: Int32

    package init(key: String, value: JSONValue, keyAt location: SourceLocation? = nil) {
        self.init(key: key, value: value, keyLine: location?.line ?? 0, keyColumn: location?.column ?? 0)
    }

    init(key: String, value: JSONValue, keyLine: Int, keyColumn: Int) {
        self.key = key
        self.value = value
        self.keyLine = Int32(clampingLocation: keyLine)
        self.keyColumn = Int32(clampingLocation: keyColumn)
    }

    /// Where the key is written: its opening quote.
    package var keyLocation: SourceLocation {
        SourceLocation(file: value.location.file, line: Int(keyLine), column: Int(keyColumn))
    }
}

extension Int32 {
    /// A line or column (never negative), or the largest value for a larger one: what `Int32(clamping:)` does, without
    /// the generic call a debug build (the build plugin's tool) makes of it for each of a document's million values.
    fileprivate init(clampingLocation value: Int) {
        self = value < Int(Int32.max) ? Int32(truncatingIfNeeded: value) : .max
    }
}
