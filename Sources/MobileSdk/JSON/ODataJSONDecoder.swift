import Foundation

/// Reads OData JSON responses into entities: generated classes where the registry or the caller names one, late-bound
/// `Entity` otherwise. Each value gets the Edm type the class's ``Entity/propertyMetadata`` gives it; properties
/// without metadata (open types, late-bound entities) are read by their JSON shape.
public struct ODataJSONDecoder: Sendable {
    /// The JSON dialect to read: `.v4` (`@odata.*` annotations) or `.v2` (verbose JSON: `d`, `results`, `__metadata`).
    public var version: ODataVersion
    /// Finds the classes of derived types (`@odata.type`, `__metadata.type`) and of expanded entities.
    public var registry: EntityRegistry

    /// Creates a decoder for the JSON of `version` that finds derived and expanded classes in `registry`.
    public init(version: ODataVersion = .v4, registry: EntityRegistry = .shared) {
        self.version = version
        self.registry = registry
    }

    /// The single entity a response body holds, as `type` or a registered class derived from it.
    ///
    /// `logicalName` names the entity of a late-bound result (`type` is `Entity`).
    public func decodeEntity<T: Entity>(_ type: T.Type, from data: Data, logicalName: String? = nil) throws -> T {
        try read(data) { reader in
            if version == .v2 { try reader.enterVerboseEnvelope() }
            let entity = try readEntity(&reader, expected: type, logicalName: logicalName, caches: KeyCaches())
            if version == .v2 { try reader.leaveVerboseEnvelope() }
            guard let typed = entity as? T else { throw reader.error("the entity is not a \(T.self)") }
            return typed
        }
    }

    /// A page of entities from a response body, with its next link, total count and Dataverse paging cookie.
    public func decodeCollection<T: Entity>(_ type: T.Type, from data: Data, logicalName: String? = nil) throws
        -> EntityCollection
    { try readPage(type, data, logicalName: logicalName, delta: false) }

    /// A page of a result read with change tracking: the entities added or changed, the records removed (OData 4.0
    /// `$deletedEntity` entries and 4.01 `@removed` ones, Dataverse's bare-GUID ids included), and the next or delta
    /// link. Added and deleted links (`$link`, `$deletedLink`) are skipped. A page of a plain result reads as one
    /// without removals.
    public func decodeDelta<T: Entity>(_ type: T.Type, from data: Data, logicalName: String? = nil) throws
        -> EntityCollection
    { try readPage(type, data, logicalName: logicalName, delta: true) }

    /// The value an operation returned, typed by `type` when given: the `value` member in v4, the `d` member (or
    /// its `results` or only member) in v2, or the body itself (a complex value, a bare value).
    public func decodeValue(from data: Data, type: PropertyType? = nil, collection: Bool = false) throws
        -> AttributeValue
    {
        try read(data) { reader in
            // Read the value where it is, so that numbers keep their text; then check the whole body.
            var value = reader
            switch version {
            case .v4:
                if let inner = try members(of: reader)?.first(where: { $0.key == "value" }) { value = inner.value }
            case .v2:
                if let envelope = try members(of: reader)?.first(where: { $0.key == "d" }) {
                    value = try verboseResult(in: envelope.value) ?? envelope.value
                }
            }
            let result =
                try type.map { try readValue(&value, $0, collection: collection) } ?? readDynamic(&value, typeName: nil)
            try reader.skipValue()
            return result
        }
    }

    /// The members of the object that follows, each with a reader at its value; nil when no object follows.
    /// The reader passed in stays where it is.
    private func members(of reader: JSONReader) throws -> [(key: String, value: JSONReader)]? {
        var probe = reader
        guard try probe.peek() == .object else { return nil }
        var members: [(key: String, value: JSONReader)] = []
        try probe.beginObject()
        while let key = try probe.nextKey() {
            members.append((key, probe))
            try probe.skipValue()
        }
        return members
    }

    /// Inside `d` of a verbose response: `results`, or the only member (a function's `{"Name": value}`) unless that
    /// is `__metadata`; nil when `d` is the value itself.
    private func verboseResult(in envelope: JSONReader) throws -> JSONReader? {
        guard let members = try members(of: envelope) else { return nil }
        if let results = members.first(where: { $0.key == "results" }) { return results.value }
        if members.count == 1, let only = members.first, only.key != "__metadata" { return only.value }
        return nil
    }

    /// Runs `body` over the bytes of `data` and checks that nothing follows the value.
    func read<Result>(_ data: Data, _ body: (inout JSONReader) throws -> Result) throws -> Result {
        try data.withUnsafeBytes { raw in
            var reader = JSONReader(raw.bindMemory(to: UInt8.self))
            let result = try body(&reader)
            try reader.expectEnd()
            return result
        }
    }

    // MARK: Collections

    /// A page in the JSON of ``version``; with `delta`, removed entries and links are told from entities.
    private func readPage(_ type: Entity.Type, _ data: Data, logicalName: String?, delta: Bool) throws
        -> EntityCollection
    {
        let caches = KeyCaches()
        var entities: [Entity] = []
        var collection = try read(data) { reader in
            try readCollection(&reader, delta: delta) { reader in
                entities.append(try readEntity(&reader, expected: type, logicalName: logicalName, caches: caches))
            }
        }
        collection.entityName = logicalName ?? nonEmpty(type.entityLogicalName)
        collection.entities = entities
        return collection
    }

    /// A page's links, counts and (with `delta`) removed records; `element` reads each entity of it.
    func readCollection(_ reader: inout JSONReader, delta: Bool, element: (inout JSONReader) throws -> Void) throws
        -> EntityCollection
    {
        var collection = EntityCollection(entityName: nil)
        var removedEntities: [RemovedEntity] = []
        /// The elements of `value` (v4) or `results` (v2): entities, and with `delta` the removed records.
        func readElements(_ reader: inout JSONReader) throws {
            try reader.beginArray()
            while try reader.nextElement() {
                if delta, let entry = try DeltaEntry.read(reader) {
                    if case .removed(let removed) = entry { removedEntities.append(removed) }
                    try reader.skipValue()
                    continue
                }
                try element(&reader)
            }
        }
        switch version {
        case .v4: try readCollectionV4(&reader, into: &collection, elements: readElements)
        case .v2: try readCollectionV2(&reader, into: &collection, elements: readElements)
        }
        collection.removedEntities = removedEntities
        if collection.nextLink != nil { collection.moreRecords = true }
        return collection
    }

    private func readCollectionV4(
        _ reader: inout JSONReader,
        into collection: inout EntityCollection,
        elements: (inout JSONReader) throws -> Void
    ) throws {
        try reader.beginObject()
        while let key = try reader.nextKey() {
            switch ODataAnnotation.controlName(key) {
            case "nextLink": collection.nextLink = try reader.readNull() ? nil : try reader.readString()
            case "deltaLink": collection.deltaLink = try reader.readNull() ? nil : try reader.readString()
            case "count": collection.totalRecordCount = try readCount(&reader)
            case "Microsoft.Dynamics.CRM.fetchxmlpagingcookie":
                collection.pagingCookie = try reader.readNull() ? nil : try reader.readString()
            case "Microsoft.Dynamics.CRM.morerecords":
                collection.moreRecords = try reader.readNull() ? false : try reader.readBool()
            case "Microsoft.Dynamics.CRM.totalrecordcount": collection.totalRecordCount = try readCount(&reader)
            case "Microsoft.Dynamics.CRM.totalrecordcountlimitexceeded":
                collection.totalRecordCountLimitExceeded = try reader.readNull() ? false : try reader.readBool()
            case nil where key == "value": try elements(&reader)
            default: try reader.skipValue()
            }
        }
    }

    private func readCollectionV2(
        _ reader: inout JSONReader,
        into collection: inout EntityCollection,
        elements: (inout JSONReader) throws -> Void
    ) throws {
        try reader.beginObject()
        var sawData = false
        while let key = try reader.nextKey() {
            guard key == "d" else {
                try reader.skipValue()
                continue
            }
            sawData = true
            if try reader.peek() == .array {
                // OData v1: `d` is the array itself.
                try elements(&reader)
                continue
            }
            try reader.beginObject()
            while let member = try reader.nextKey() {
                switch member {
                // SAP Gateway's JSON tombstones come in `results`, in the shape of Apache Olingo's OData 2.0 library.
                case "results": try elements(&reader)
                case "__count": collection.totalRecordCount = try readCount(&reader)
                case "__next": collection.nextLink = try reader.readNull() ? nil : try reader.readString()
                case "__delta": collection.deltaLink = try reader.readNull() ? nil : try reader.readString()
                default: try reader.skipValue()
                }
            }
        }
        guard sawData else { throw JSONPayloadError(message: "the response has no \"d\" member (OData verbose JSON)") }
    }

    /// A count written as a number or (v2, IEEE754Compatible) a string.
    private func readCount(_ reader: inout JSONReader) throws -> Int? {
        if try reader.readNull() { return nil }
        if try reader.peek() == .string { return Int(try reader.readString()) }
        return EdmText.int64(try reader.readNumberBytes()).map(Int.init)
    }

    // MARK: Entities

    /// One entity object; its class is `expected`, or the registered class its type annotation names when that
    /// derives from `expected`. `caches` remembers the keys of the objects read before (see ``KeyCache``).
    func readEntity(_ reader: inout JSONReader, expected: Entity.Type, logicalName: String?, caches: KeyCaches) throws
        -> Entity
    {
        var state = EntityState(type: expected)
        var cache = caches.cache(for: state.table)
        var index = 0
        try reader.beginObject()
        while let key = try cache.nextKey(&reader, at: index, version: version) {
            defer { index += 1 }
            switch key {
            case .property(let resolved):
                try readProperty(resolved.object.metadata, &reader, into: &state, caches: caches)
            case .dynamic(let dynamic):
                let name = dynamic.object.name
                if version == .v4, ActivityPartyNavigation.isName(name), try reader.peek() == .array {
                    state.related[name] = try readParties(&reader, caches: caches)
                    continue
                }
                state.attributes[name] = try readDynamic(&reader, typeName: state.dynamicTypes[name])
            case .control(.type):
                let typeName = try reader.readString()
                try switchType(ODataAnnotation.qualifiedTypeName(typeName), expected: expected, state: &state)
                cache = caches.cache(for: state.table)
            case .control(.etag): state.eTag = try reader.readNull() ? nil : try reader.readString()
            case .control(.media(let term)):
                state.mediaLinks["", default: MediaLinks()][term] =
                    try reader.readNull() ? nil : try reader.readString()
            case .control(.other): try reader.skipValue()
            case .verboseMetadata:
                try readVerboseMetadata(&reader, into: &state, expected: expected)
                cache = caches.cache(for: state.table)
            case .annotation(let annotation):
                let annotation = annotation.object
                try readPropertyAnnotation(
                    annotation.payload,
                    annotation.storage,
                    annotation.term,
                    &reader,
                    into: &state
                )
            }
        }
        return state.finish(logicalName: logicalName, foldingParties: version == .v4)
    }

    /// Takes the class a type annotation names when it is registered and derives from `expected`.
    private func switchType(_ qualifiedName: String, expected: Entity.Type, state: inout EntityState) throws {
        state.qualifiedName = qualifiedName
        if let derived = derivedClass(named: qualifiedName, of: expected), derived != state.type {
            state.setType(derived)
        }
    }

    /// The registered class `qualifiedName` names when it derives from `expected`.
    func derivedClass(named qualifiedName: String, of expected: Entity.Type) -> Entity.Type? {
        guard let derived = registry.type(forQualifiedName: qualifiedName), isClass(derived, derivedFrom: expected)
        else { return nil }
        return derived
    }

    private func readVerboseMetadata(_ reader: inout JSONReader, into state: inout EntityState, expected: Entity.Type)
        throws
    {
        if try reader.readNull() { return }
        try reader.beginObject()
        while let key = try reader.nextKey() {
            switch key {
            case "type": try switchType(try reader.readString(), expected: expected, state: &state)
            case "etag": state.eTag = try reader.readNull() ? nil : try reader.readString()
            default:
                if let term = MediaLinks.Term(verboseName: key) {
                    state.mediaLinks["", default: MediaLinks()][term] =
                        try reader.readNull() ? nil : try reader.readString()
                } else {
                    try reader.skipValue()
                }
            }
        }
    }

    private func readPropertyAnnotation(
        _ payload: String,
        _ storage: String,
        _ term: ResolvedKey.PropertyTerm,
        _ reader: inout JSONReader,
        into state: inout EntityState
    ) throws {
        switch term {
        case .formattedValue:
            if let text = try reader.readNull() ? nil : try reader.readString() { state.formatted[storage] = text }
        case .lookupLogicalName:
            if let name = try reader.readNull() ? nil : try reader.readString() {
                state.lookupTargets[storage] = name
                if state.table.byPropertyName[payload] == nil { state.unknownLookups[storage] = payload }
            }
        case .type: state.dynamicTypes[payload] = ODataAnnotation.qualifiedTypeName(try reader.readString())
        case .nextLink: state.relatedNextLinks[storage] = try reader.readNull() ? nil : try reader.readString()
        case .count: state.relatedCounts[storage] = try readCount(&reader)
        case .media(let media):
            state.mediaLinks[storage, default: MediaLinks()][media] =
                try reader.readNull() ? nil : try reader.readString()
        case .other: try reader.skipValue()
        }
    }

    private func readProperty(
        _ property: PropertyMetadata,
        _ reader: inout JSONReader,
        into state: inout EntityState,
        caches: KeyCaches
    ) throws {
        switch property.type {
        case .navigation(let target):
            if let related = try readRelated(&reader, target: target, caches: caches) {
                state.related[property.name] = related
            }
        case .stream:
            // The content, when a service inlines it, is read apart (`StreamReference`): the entity keeps its links.
            try reader.skipValue()
        case .lookup where version == .v4:
            if try reader.readNull() {
                state.attributes[property.name] = .null
            } else {
                state.lookupIds[property.name] = try readGuid(&reader)
            }
        default:
            state.attributes[property.name] = try readValue(&reader, property.type, collection: property.isCollection)
        }
    }

    /// The `activityparty` records of a Dataverse activity's parties navigation property that the class does not
    /// declare: as their registered class, else late-bound.
    private func readParties(_ reader: inout JSONReader, caches: KeyCaches) throws -> EntityCollection? {
        let target = registry.type(forLogicalName: ActivityParty.logicalName) ?? Entity.self
        guard var parties = try readRelated(&reader, target: target, caches: caches) else { return nil }
        for party in parties.entities where party.logicalName.isEmpty { party.logicalName = ActivityParty.logicalName }
        parties.entityName = ActivityParty.logicalName
        return parties
    }

    /// An expanded navigation property: one entity, an array, or (v2) `results`; nil for a deferred link.
    private func readRelated(_ reader: inout JSONReader, target: Entity.Type, caches: KeyCaches) throws
        -> EntityCollection?
    {
        var collection = EntityCollection(entityName: nonEmpty(target.entityLogicalName))
        switch try reader.peek() {
        case .null: _ = try reader.readNull()
        case .array:
            try reader.beginArray()
            while try reader.nextElement() {
                collection.entities.append(try readEntity(&reader, expected: target, logicalName: nil, caches: caches))
            }
        case .object where version == .v2:
            // Verbose JSON: an entity, `{"results": [...]}` or `{"__deferred": {...}}`.
            guard try readVerboseNavigationObject(&reader, target: target, into: &collection, caches: caches) else {
                return nil
            }
        default: collection.entities.append(try readEntity(&reader, expected: target, logicalName: nil, caches: caches))
        }
        return collection
    }

    /// A v2 navigation value that is an object: an entity, or `results` with `__count` and `__next`, go into
    /// `collection`; false, with nothing filled, for a deferred link (an empty `results` is an expansion).
    private func readVerboseNavigationObject(
        _ reader: inout JSONReader,
        target: Entity.Type,
        into collection: inout EntityCollection,
        caches: KeyCaches
    ) throws -> Bool {
        // Look ahead: the object is a wrapper when its first key is `results` or `__deferred`.
        var probe = reader
        try probe.beginObject()
        let first = try probe.nextKey()
        guard first == "results" || first == "__deferred" || first == "__next" || first == "__count" else {
            collection.entities.append(try readEntity(&reader, expected: target, logicalName: nil, caches: caches))
            return true
        }
        try reader.beginObject()
        var expanded = false
        while let key = try reader.nextKey() {
            switch key {
            case "results":
                expanded = true
                try reader.beginArray()
                while try reader.nextElement() {
                    collection.entities.append(
                        try readEntity(&reader, expected: target, logicalName: nil, caches: caches)
                    )
                }
            case "__next":
                collection.nextLink = try reader.readNull() ? nil : try reader.readString()
                collection.moreRecords = collection.nextLink != nil
            case "__count": collection.totalRecordCount = try readCount(&reader)
            default: try reader.skipValue()
            }
        }
        return expanded
    }

    private func isClass(_ candidate: Entity.Type, derivedFrom base: Entity.Type) -> Bool {
        var current: AnyClass? = candidate
        while let type = current {
            if type == base { return true }
            current = _getSuperclass(type)
        }
        return false
    }
}

func nonEmpty(_ text: String) -> String? { text.isEmpty ? nil : text }
