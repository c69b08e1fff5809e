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
    package var logicalNames: [String] { entities.keys.sorted() }

    /// Removes the entity with this logical name, if held.
    package mutating func removeEntity(_ logicalName: String) { entities[logicalName] = nil }

    /// The logical names of the entities held whose own `MetadataId` is among `ids` (lower case), sorted.
    package func entities(identifiedBy ids: Set<String>) -> [String] {
        logicalNames.filter { name in
            entities[name]?["MetadataId"]?.stringValue.map { ids.contains($0.lowercased()) } ?? false
        }
    }

    /// The logical names of the entities held that hold any of `ids` (lower case) anywhere in their definition (an
    /// attribute's, relationship's, key's or option set's `MetadataId`), sorted.
    package func entities(holding ids: Set<String>) -> [String] {
        logicalNames.filter { name in
            var held: Set<String> = []
            entities[name]?.collectGUIDs(into: &held)
            return !held.isDisjoint(with: ids)
        }
    }

    /// Reads the response for one entity; returns the types of `optionSetAttributeTypes` its attributes have.
    public mutating func addEntity(_ bytes: [UInt8], logicalName: String, source: String) throws(Failure) -> [String] {
        let root = try Self.parse(bytes, source: source)
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
            if type.hasPrefix("#Microsoft.Dynamics.CRM."), Self.optionSetAttributeTypes.contains(name) {
                types.insert(name)
            }
        }
        entities[logicalName] = root.removingMember("@odata.context")
        return Self.optionSetAttributeTypes.filter(types.contains)
    }

    /// Reads the response of a typed cast over the attributes of `logicalName` (added before) and gives each of them
    /// its `OptionSet` and `GlobalOptionSet`.
    public mutating func addOptionSets(_ bytes: [UInt8], logicalName: String, source: String) throws(Failure) {
        let root = try Self.parse(bytes, source: source)
        guard case .array(let items)? = root["value"]?.kind else {
            throw Failure(message: "expected {\"value\": [attribute…]}", location: root.location)
        }
        guard let entity = entities[logicalName], case .array(var attributes)? = entity["Attributes"]?.kind else {
            throw Failure(
                message: "option sets for '\(logicalName)', whose definition was not read",
                location: root.location
            )
        }
        for item in items {
            guard case .string(let name)? = item["LogicalName"]?.kind else {
                throw Failure(message: "an attribute without LogicalName", location: item.location)
            }
            guard let index = attributes.firstIndex(where: { $0["LogicalName"].map(Self.isString(name)) ?? false })
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
        entities[logicalName] = entity.settingMember(
            "Attributes",
            to: JSONValue(kind: .array(attributes), location: entity.location)
        )
    }

    /// The document: `{"value": [entity…]}`, entities by logical name.
    public func document() -> [UInt8] {
        let location = SourceLocation(file: "", line: 1, column: 1)
        let value = entities.keys.sorted().compactMap { entities[$0] }
        return JSONWriter.write(
            JSONValue(
                kind: .object([JSONMember(key: "value", value: JSONValue(kind: .array(value), location: location))]),
                location: location
            )
        )
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
