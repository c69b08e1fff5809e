import MetadataModel

/// Decodes a `Decodable` value from a located JSON tree, so that a file is parsed once and a value of the wrong
/// kind is reported at its own line and column (Foundation's decoders know only a coding path).
package enum JSONTreeDecoder {
    /// A value that is not what the type reading it expects: what was expected, and where the value is.
    package struct Mismatch: Error {
        package var message: String
        package var location: SourceLocation
        /// The keys from the root to the value, joined by dots (`renames.types`).
        package var path: String
    }

    /// Decodes `type` from `value`; throws ``Mismatch`` for a value the type refuses.
    package static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try TreeDecoder(value: value, codingPath: []).decode(type)
    }
}

private struct TreeDecoder: Decoder {
    let value: JSONValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// `T` from this value; a `DecodingError` of `T`'s own (a raw value no case has) is placed at the value.
    func decode<T: Decodable>(_: T.Type) throws -> T {
        do { return try T(from: self) } catch let error as DecodingError { throw mismatch(Self.describe(error)) }
    }

    func mismatch(_ message: String) -> JSONTreeDecoder.Mismatch {
        let path = codingPath.filter { $0.intValue == nil }.map(\.stringValue).joined(separator: ".")
        return JSONTreeDecoder.Mismatch(message: message, location: value.location, path: path)
    }

    func expected(_ kind: String) -> JSONTreeDecoder.Mismatch {
        mismatch("expected \(kind), found \(value.kindDescription)")
    }

    func container<Key: CodingKey>(keyedBy _: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value.kind else { throw expected("an object") }
        return KeyedDecodingContainer(KeyedContainer<Key>(members: members, decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let items) = value.kind else { throw expected("an array") }
        return UnkeyedContainer(items: items, decoder: self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { SingleContainer(decoder: self) }

    func child(_ value: JSONValue, key: any CodingKey) -> TreeDecoder {
        TreeDecoder(value: value, codingPath: codingPath + [key])
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
            .dataCorrupted(let context):
            context.debugDescription
        @unknown default: "\(error)"
        }
    }
}

private struct IndexKey: CodingKey {
    var intValue: Int?
    var stringValue: String { "\(intValue ?? 0)" }
    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
}

private struct SingleContainer: SingleValueDecodingContainer {
    let decoder: TreeDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool { decoder.value.isNull }

    func decode(_: Bool.Type) throws -> Bool {
        guard case .bool(let flag) = decoder.value.kind else { throw decoder.expected("true or false") }
        return flag
    }

    func decode(_: String.Type) throws -> String {
        guard case .string(let text) = decoder.value.kind else { throw decoder.expected("a string") }
        return text
    }

    private func number<T: LosslessStringConvertible>(_: T.Type) throws -> T {
        guard case .number(let text) = decoder.value.kind else { throw decoder.expected("a number") }
        guard let number = T(text) else { throw decoder.mismatch("\(text) is not a \(T.self)") }
        return number
    }

    func decode(_ type: Double.Type) throws -> Double { try number(type) }
    func decode(_ type: Float.Type) throws -> Float { try number(type) }
    func decode(_ type: Int.Type) throws -> Int { try number(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try number(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try number(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try number(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try number(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try number(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try number(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try number(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try number(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try number(type) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decode(type) }
}

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [JSONMember]
    let decoder: TreeDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }
    var allKeys: [Key] { members.compactMap { Key(stringValue: $0.key) } }

    func contains(_ key: Key) -> Bool { members.contains { $0.key == key.stringValue } }

    private func child(_ key: Key) throws -> TreeDecoder {
        guard let member = members.first(where: { $0.key == key.stringValue }) else {
            throw decoder.mismatch("the key '\(key.stringValue)' is missing")
        }
        return decoder.child(member.value, key: key)
    }

    func decodeNil(forKey key: Key) throws -> Bool { try child(key).value.isNull }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let child = try child(key)
        return try SingleContainer(decoder: child).decode(type)
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try SingleContainer(decoder: try child(key)).decode(type)
    }
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try SingleContainer(decoder: try child(key)).decode(type)
    }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try SingleContainer(decoder: try child(key)).decode(type)
    }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        try SingleContainer(decoder: try child(key)).decode(type)
    }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        try SingleContainer(decoder: try child(key)).decode(type)
    }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
        try SingleContainer(decoder: try child(key)).decode(type)
    }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
        try SingleContainer(decoder: try child(key)).decode(type)
    }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
        try SingleContainer(decoder: try child(key)).decode(type)
    }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
        try SingleContainer(decoder: try child(key)).decode(type)
    }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
        try SingleContainer(decoder: try child(key)).decode(type)
    }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
        try SingleContainer(decoder: try child(key)).decode(type)
    }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
        try SingleContainer(decoder: try child(key)).decode(type)
    }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
        try SingleContainer(decoder: try child(key)).decode(type)
    }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
        try SingleContainer(decoder: try child(key)).decode(type)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    { try child(key).container(keyedBy: type) }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try child(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { decoder }
    func superDecoder(forKey key: Key) throws -> any Decoder { try child(key) }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
    let items: [JSONValue]
    let decoder: TreeDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }
    private(set) var currentIndex = 0

    init(items: [JSONValue], decoder: TreeDecoder) {
        self.items = items
        self.decoder = decoder
    }

    private mutating func next() throws -> TreeDecoder {
        guard currentIndex < items.count else { throw decoder.mismatch("the array has too few items") }
        defer { currentIndex += 1 }
        return decoder.child(items[currentIndex], key: IndexKey(intValue: currentIndex))
    }

    mutating func decodeNil() throws -> Bool {
        guard currentIndex < items.count, items[currentIndex].isNull else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try SingleContainer(decoder: try next()).decode(type)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<
        NestedKey
    > { try next().container(keyedBy: type) }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().unkeyedContainer() }

    mutating func superDecoder() throws -> any Decoder { try next() }
}
