import MetadataModel

/// Puts the Dataverse Web API responses that describe some entities together into one EntityDefinitions document
/// in the shape `EntityDefinitionsReader` reads: each entity
/// (`EntityDefinitions(LogicalName='…')?$expand=Attributes,…`) with the `OptionSet` and `GlobalOptionSet` of its
/// attributes, which the service sends only for a typed cast
/// (`…/Attributes/Microsoft.Dynamics.CRM.PicklistAttributeMetadata` with the query
/// `?$select=LogicalName&$expand=OptionSet,GlobalOptionSet`). Values are kept as the service wrote them; entities
/// are ordered by logical name, so the same answers always give the same bytes, whatever order they arrived in.
public struct EntityDefinitionsAssembly {
    /// A response that is not what was asked for, located in it (the `file` is the request's URL).
    public struct Failure: Error, CustomStringConvertible {
        /// What is wrong with the response.
        public var message: String
        /// Where in the response: the request's URL as its file, with line and column.
        public var location: SourceLocation
        /// `location: error: message`, as a compiler writes a diagnostic.
        public var description: String { "\(location): error: \(message)" }
    }

    /// The attribute metadata types (namespace `Microsoft.Dynamics.CRM`) whose option sets come through a typed cast.
    public static let optionSetAttributeTypes = [
        "BooleanAttributeMetadata", "EntityNameAttributeMetadata", "MultiSelectPicklistAttributeMetadata",
        "PicklistAttributeMetadata", "StateAttributeMetadata", "StatusAttributeMetadata",
    ]
    /// The entity's collections to expand, and the option sets to expand on a cast.
    public static let entityExpansions =
        "Attributes,Keys,ManyToOneRelationships,OneToManyRelationships,ManyToManyRelationships"
    /// The `$expand` of the typed cast over an entity's attributes.
    public static let optionSetExpansions = "OptionSet,GlobalOptionSet"

    /// The entities read so far, by logical name.
    private var entities: [String: JSONValue] = [:]
    /// The entities added already written (`Entity.written()`), by logical name: never also in `entities`.
    private var writtenEntities: [String: [UInt8]] = [:]

    /// Creates an empty assembly; `addEntity` adds each entity.
    public init() {}

    /// An assembly holding the entities of a document `document()` wrote, to replace or remove some of them.
    package init(document bytes: [UInt8], source: String) throws(Failure) {
        let root = try Self.parse(bytes, source: source)
        guard case .array(let items)? = root["value"]?.kind else {
            throw Failure(message: "expected {\"value\": [entity…]}", location: root.location)
        }
        for item in items {
            guard let name = item["LogicalName"]?.stringValue else {
                throw Failure(message: "an entity without LogicalName", location: item.location)
            }
            entities[name] = item
        }
    }

    /// The logical names of the entities held, sorted.
    package var logicalNames: [String] { Set(entities.keys).union(writtenEntities.keys).sorted() }

    /// Removes the entity with this logical name, if held.
    package mutating func removeEntity(_ logicalName: String) {
        entities[logicalName] = nil
        writtenEntities[logicalName] = nil
    }

    /// The entity held with this logical name as a tree (read back when it was added written).
    private func entity(_ logicalName: String) -> JSONValue? {
        if let entity = entities[logicalName] { return entity }
        return writtenEntities[logicalName].flatMap { try? JSONParser.parse($0, path: logicalName) }
    }

    /// The logical names of the entities held whose own `MetadataId` is among `ids` (lower case), sorted.
    package func entities(identifiedBy ids: Set<String>) -> [String] {
        logicalNames.filter { name in
            entity(name)?["MetadataId"]?.stringValue.map { ids.contains($0.lowercased()) } ?? false
        }
    }

    /// The logical names of the entities held that hold any of `ids` (lower case) anywhere in their definition (an
    /// attribute's, relationship's, key's or option set's `MetadataId`), sorted.
    package func entities(holding ids: Set<String>) -> [String] {
        logicalNames.filter { name in
            var held: Set<String> = []
            entity(name)?.collectGUIDs(into: &held)
            return !held.isDisjoint(with: ids)
        }
    }

    /// Reads the response for one entity; returns the types of `optionSetAttributeTypes` its attributes have.
    public mutating func addEntity(_ bytes: [UInt8], logicalName: String, source: String) throws(Failure) -> [String] {
        let entity = try Entity(bytes, logicalName: logicalName, source: source)
        add(entity)
        return entity.optionSetTypes
    }

    /// Reads the response of a typed cast over the attributes of `logicalName` (added before) and gives each of them
    /// its `OptionSet` and `GlobalOptionSet`.
    public mutating func addOptionSets(_ bytes: [UInt8], logicalName: String, source: String) throws(Failure) {
        let root = try Self.parse(bytes, source: source)
        // An entity not read before fails as one without attributes: after the check of the response's shape.
        let value = entity(logicalName) ?? JSONValue(kind: .null, location: root.location)
        var entity = Entity(logicalName: logicalName, value: value, optionSetTypes: [])
        try entity.addOptionSets(root)
        add(entity)
    }

    /// Adds an entity read on its own, replacing the one of the same logical name.
    package mutating func add(_ entity: Entity) {
        entities[entity.logicalName] = entity.value
        writtenEntities[entity.logicalName] = nil
    }

    /// Adds an entity already written, replacing the one of the same logical name.
    package mutating func add(_ entity: WrittenEntity) {
        writtenEntities[entity.logicalName] = entity.bytes
        entities[entity.logicalName] = nil
    }

    /// The document: `{"value": [entity…]}`, entities by logical name. Entities added written are copied as they are:
    /// the bytes are those of the whole tree written at once.
    public func document() -> [UInt8] {
        let items = logicalNames.compactMap { name in
            writtenEntities[name] ?? entities[name].map { JSONWriter.write($0, indent: 4) }
        }
        return JSONWriter.writeObject(key: "value", writtenItems: items)
    }

    /// The logical names of an `EntityDefinitions?$select=LogicalName,SchemaName` response, each with its schema name.
    public static func entityNames(_ bytes: [UInt8], source: String) throws(Failure) -> [(
        logicalName: String, schemaName: String?
    )] {
        let root = try parse(bytes, source: source)
        guard case .array(let items)? = root["value"]?.kind else {
            throw Failure(message: "expected {\"value\": [entity…]}", location: root.location)
        }
        var names: [(logicalName: String, schemaName: String?)] = []
        for item in items {
            guard case .string(let logicalName)? = item["LogicalName"]?.kind else {
                throw Failure(message: "an entity without LogicalName", location: item.location)
            }
            var schemaName: String?
            if case .string(let name)? = item["SchemaName"]?.kind { schemaName = name }
            names.append((logicalName, schemaName))
        }
        return names
    }

    static func parse(_ bytes: [UInt8], source: String) throws(Failure) -> JSONValue {
        let root: JSONValue
        do { root = try JSONParser.parse(bytes, path: source) } catch {
            throw Failure(message: error.message, location: error.location)
        }
        guard root.isObject else { throw Failure(message: "expected a JSON object", location: root.location) }
        return root
    }

    private static func isString(_ text: String) -> (JSONValue) -> Bool {
        { value in
            if case .string(let other) = value.kind { return other == text }
            return false
        }
    }
}

extension EntityDefinitionsAssembly {
    /// One entity read from its responses apart from any assembly: what `addEntity` and `addOptionSets` do, on a value
    /// of its own, so that each response can be read as it arrives (in a task of its own) and the entity added once
    /// complete.
    package struct Entity: Sendable {
        package let logicalName: String
        fileprivate var value: JSONValue
        /// The types of `optionSetAttributeTypes` its attributes have, in that order: a typed cast each.
        package let optionSetTypes: [String]

        fileprivate init(logicalName: String, value: JSONValue, optionSetTypes: [String]) {
            self.logicalName = logicalName
            self.value = value
            self.optionSetTypes = optionSetTypes
        }

        /// Reads the response for the entity `logicalName`.
        package init(_ bytes: [UInt8], logicalName: String, source: String) throws(Failure) {
            let root = try EntityDefinitionsAssembly.parse(bytes, source: source)
            guard case .string(let name)? = root["LogicalName"]?.kind, name == logicalName else {
                throw Failure(message: "expected the entity definition of '\(logicalName)'", location: root.location)
            }
            guard case .array(let attributes)? = root["Attributes"]?.kind else {
                throw Failure(message: "the entity definition has no Attributes array", location: root.location)
            }
            var types: Set<String> = []
            for attribute in attributes {
                guard case .string(let type)? = attribute["@odata.type"]?.kind else { continue }
                let name = type.split(separator: ".").last.map(String.init) ?? type
                if type.hasPrefix("#Microsoft.Dynamics.CRM."), optionSetAttributeTypes.contains(name) {
                    types.insert(name)
                }
            }
            self.init(
                logicalName: logicalName,
                value: root.removingMember("@odata.context"),
                optionSetTypes: optionSetAttributeTypes.filter(types.contains)
            )
        }

        /// Reads the response of a typed cast over the entity's attributes and gives each of them its `OptionSet`
        /// and `GlobalOptionSet`.
        package mutating func addOptionSets(_ bytes: [UInt8], source: String) throws(Failure) {
            try addOptionSets(EntityDefinitionsAssembly.parse(bytes, source: source))
        }

        fileprivate mutating func addOptionSets(_ root: JSONValue) throws(Failure) {
            guard case .array(let items)? = root["value"]?.kind else {
                throw Failure(message: "expected {\"value\": [attribute…]}", location: root.location)
            }
            guard case .array(var attributes)? = value["Attributes"]?.kind else {
                throw Self.notRead(logicalName, root: root)
            }
            for item in items {
                guard case .string(let name)? = item["LogicalName"]?.kind else {
                    throw Failure(message: "an attribute without LogicalName", location: item.location)
                }
                guard
                    let index = attributes.firstIndex(where: {
                        $0["LogicalName"].map(EntityDefinitionsAssembly.isString(name)) ?? false
                    })
                else {
                    throw Failure(
                        message: "attribute '\(name)' is not among the attributes of '\(logicalName)' read before: "
                            + "the organization changed while fetching; fetch again",
                        location: item.location
                    )
                }
                for key in ["OptionSet", "GlobalOptionSet"] {
                    guard let value = item[key] else { continue }
                    attributes[index] = attributes[index].settingMember(key, to: value)
                }
            }
            value = value.settingMember("Attributes", to: JSONValue(kind: .array(attributes), location: value.location))
        }

        /// The entity written as `document()` writes it, for an assembly to copy: writing each entity as it completes
        /// spreads the work of writing a large document over the time its answers take to arrive.
        package func written() -> WrittenEntity {
            WrittenEntity(logicalName: logicalName, bytes: JSONWriter.write(value, indent: 4))
        }

        fileprivate static func notRead(_ logicalName: String, root: JSONValue) -> Failure {
            Failure(message: "option sets for '\(logicalName)', whose definition was not read", location: root.location)
        }
    }
}

extension EntityDefinitionsAssembly {
    /// An entity's definition already written (`Entity.written()`).
    package struct WrittenEntity: Sendable {
        package let logicalName: String
        fileprivate let bytes: [UInt8]

        /// A document of entity definitions holding this entity alone, as `document()` would hold it.
        package var document: [UInt8] { JSONWriter.writeObject(key: "value", writtenItems: [bytes]) }
    }
}

extension JSONValue {
    /// The object with the member `key` set to `value` (replacing the first with that key, else appended).
    fileprivate func settingMember(_ key: String, to value: JSONValue) -> JSONValue {
        var members = self.members
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].value = value
        } else {
            members.append(JSONMember(key: key, value: value))
        }
        return JSONValue(kind: .object(members), location: location)
    }

    fileprivate func removingMember(_ key: String) -> JSONValue {
        JSONValue(kind: .object(members.filter { $0.key != key }), location: location)
    }
}
