import MetadataModel

/// What the Dataverse Web API's `RetrieveMetadataChanges` function answered: the entities its `EntityMetadata`
/// holds (with a `ClientVersionStamp`, those that changed themselves or in an attribute, relationship, key or option
/// set since that stamp), the `MetadataId`s its `DeletedMetadata` lists, and the `ServerVersionStamp` to ask with
/// next time.
package struct MetadataChanges: Equatable, Sendable {
    /// An entity of the answer, named as far as the answer names it.
    package struct Entity: Equatable, Sendable {
        /// Its logical name, when the answer has it.
        package var logicalName: String?
        /// Its schema name, when the answer has it.
        package var schemaName: String?
        /// Its `MetadataId` in lower case, when the answer has it.
        package var metadataId: String?
    }

    /// The entities of `EntityMetadata`, in the answer's order.
    package var entities: [Entity]
    /// Every GUID in `DeletedMetadata`, in lower case, sorted, without repeats.
    package var deletedIds: [String]
    /// The stamp of this answer, for the next request's `ClientVersionStamp`.
    package var serverVersionStamp: String

    /// Reads a `RetrieveMetadataChangesResponse`; `source` names it in failures (the request's URL).
    package static func read(_ bytes: [UInt8], source: String) throws(EntityDefinitionsAssembly.Failure)
        -> MetadataChanges
    {
        let root = try EntityDefinitionsAssembly.parse(bytes, source: source)
        guard case .string(let stamp)? = root["ServerVersionStamp"]?.kind, !stamp.isEmpty else {
            throw .init(message: "the answer has no ServerVersionStamp", location: root.location)
        }
        guard case .array(let items)? = root["EntityMetadata"]?.kind else {
            throw .init(message: "the answer has no EntityMetadata array", location: root.location)
        }
        let entities = items.map { item in
            Entity(
                logicalName: item["LogicalName"]?.stringValue,
                schemaName: item["SchemaName"]?.stringValue,
                metadataId: item["MetadataId"]?.stringValue?.lowercased()
            )
        }
        var deleted: Set<String> = []
        if let deletedMetadata = root["DeletedMetadata"] { deletedMetadata.collectGUIDs(into: &deleted) }
        return MetadataChanges(entities: entities, deletedIds: deleted.sorted(), serverVersionStamp: stamp)
    }
}

extension JSONValue {
    var stringValue: String? {
        if case .string(let text) = kind { return text }
        return nil
    }

    /// Every string in the value that is a GUID, in lower case.
    func collectGUIDs(into ids: inout Set<String>) {
        switch kind {
        case .string(let text) where Self.isGUID(text): ids.insert(text.lowercased())
        case .object(let members): for member in members { member.value.collectGUIDs(into: &ids) }
        case .array(let values): for value in values { value.collectGUIDs(into: &ids) }
        default: break
        }
    }

    /// `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx` in hexadecimal digits.
    static func isGUID(_ text: String) -> Bool {
        let utf8 = Array(text.utf8)
        guard utf8.count == 36 else { return false }
        for (index, byte) in utf8.enumerated() {
            if [8, 13, 18, 23].contains(index) {
                guard byte == UInt8(ascii: "-") else { return false }
            } else if !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte),
                !(UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
            {
                return false
            }
        }
        return true
    }
}
