import Foundation

/// Writes entities as OData JSON request bodies. Attributes and members are written in name order, so the same
/// entity always gives the same bytes.
public struct ODataJSONEncoder: Sendable {
    /// The JSON dialect to write: `.v4`, or `.v2` for the verbose JSON of OData v1–v3 services (CRM 2011–2016).
    public var version: ODataVersion
    /// Writes Int64 and Decimal values as strings, as the `IEEE754Compatible=true` format parameter asks
    /// (OData v2 always does).
    public var ieee754Compatible: Bool
    /// Finds the entity sets of lookups on late-bound entities, and the types of entity parameters.
    public var registry: EntityRegistry
    /// The namespace of a late-bound `Entity`'s `@odata.type` when no class is registered for its logical name, e.g.
    /// `"Microsoft.Dynamics.CRM"` for Dataverse.
    public var typeNamespace: String?

    /// Creates an encoder for the JSON of `version`; by default OData v4 with Int64 and Decimal values as JSON numbers,
    /// the shared registry and no fallback type namespace.
    public init(
        version: ODataVersion = .v4,
        ieee754Compatible: Bool = false,
        registry: EntityRegistry = .shared,
        typeNamespace: String? = nil
    ) {
        self.version = version
        self.ieee754Compatible = ieee754Compatible
        self.registry = registry
        self.typeNamespace = typeNamespace
    }

    /// A create body: every attribute that is present (explicit nulls included) and, as a deep insert, the
    /// related entities.
    public func encodeForCreate(_ entity: Entity) throws -> Data {
        var writer = JSONWriter()
        try writeEntity(entity, names: entity.attributes.keys.sorted(), deep: true, into: &writer)
        return writer.data
    }

    /// An update body: only the attributes changed since the entity was loaded; `.null` clears a value and absent
    /// attributes are left alone on the service.
    public func encodeForUpdate(_ entity: Entity) throws -> Data {
        var writer = JSONWriter()
        try writeEntity(entity, names: entity.changedAttributeNames.filter(entity.contains), deep: false, into: &writer)
        return writer.data
    }

    /// One value as JSON text, typed by `type` when given (action and function parameters, keys).
    public func encodeValue(_ value: AttributeValue, type: PropertyType? = nil, collection: Bool = false) throws -> Data
    {
        var writer = JSONWriter()
        try writeValue(value, type: type, collection: collection, into: &writer)
        return writer.data
    }

    /// An action's body: its parameters by name, in order; an entity parameter carries its `@odata.type` so that a
    /// service taking a base type (Dataverse's `crmbaseentity`) knows which it got. The type is the instance's own,
    /// from its logical name: `Entity(logicalName: "opportunityclose")` is `#Microsoft.Dynamics.CRM.opportunityclose`
    /// (see ``typeNamespace``), whatever its Swift class.
    public func encodeParameters(_ parameters: [OperationParameter]) throws -> Data {
        var writer = JSONWriter()
        writer.beginObject()
        for parameter in parameters {
            writer.key(parameter.name)
            switch parameter.value {
            case .value(let value): try writeValue(value, type: nil, collection: false, into: &writer)
            case .entity(let entity): try writeTypedEntity(entity, into: &writer)
            case .entities(let entities):
                writer.beginArray()
                for entity in entities { try writeTypedEntity(entity, into: &writer) }
                writer.endArray()
            }
        }
        writer.endObject()
        return writer.data
    }

    /// An entity with `@odata.type` first, then its attributes.
    private func writeTypedEntity(_ entity: Entity, into writer: inout JSONWriter) throws {
        var body = JSONWriter()
        try writeEntity(entity, names: entity.attributes.keys.sorted(), deep: true, into: &body)
        guard version == .v4,
            let qualifiedName = ODataTypeName.of(entity, registry: registry, fallbackNamespace: typeNamespace)
        else {
            writer.raw(String(decoding: body.bytes, as: UTF8.self))
            return
        }
        // The name comes from the instance's logical name: written as a JSON string, escaped.
        var annotationWriter = JSONWriter()
        annotationWriter.beginObject()
        annotationWriter.key("@odata.type")
        annotationWriter.string("#" + qualifiedName)
        let annotation = String(decoding: annotationWriter.bytes, as: UTF8.self)
        let rest = body.bytes.dropFirst()
        writer.raw(annotation + (rest.first == UInt8(ascii: "}") ? "" : ",") + String(decoding: rest, as: UTF8.self))
    }

    func writeEntity(_ entity: Entity, names: [String], deep: Bool, into writer: inout JSONWriter) throws {
        let table = PropertyTable.of(Swift.type(of: entity))
        // Dataverse takes party lists as the activity's parties navigation property, one collection for all of them.
        let partyLists =
            version == .v4
            ? entity.attributes.keys.filter { ActivityPartyNavigation.isPartyList($0, entity[$0], table: table) }
                .sorted() : []
        let writesParties = names.contains(where: partyLists.contains)
        writer.beginObject()
        for name in names where !partyLists.contains(name) {
            guard let value = entity[name] else { continue }
            let property = table.byName[name]
            if case .entityReference = value, version == .v4 {
                try writeBind(name, value, property: property, into: &writer)
                continue
            }
            if value == .null, version == .v4, case .lookup? = property?.type {
                try writeBind(name, value, property: property, into: &writer)
                continue
            }
            writer.key(property?.propertyName ?? name)
            try writeValue(value, type: property?.type, collection: property?.isCollection ?? false, into: &writer)
        }
        let partiesName = ActivityPartyNavigation.name(of: entity.logicalName)
        if writesParties {
            try writeParties(of: entity, lists: partyLists, table: table, as: partiesName, into: &writer)
        }
        if deep {
            for name in entity.relatedEntities.keys.sorted() where !(writesParties && name == partiesName) {
                guard let related = entity.relatedEntities[name] else { continue }
                let property = table.navigationsByName[name]
                if property?.isCollection == false {
                    // Single-valued: the entity itself; nothing when none is related.
                    guard let first = related.entities.first else { continue }
                    writer.key(property?.propertyName ?? name)
                    try writeEntity(first, names: first.attributes.keys.sorted(), deep: true, into: &writer)
                    continue
                }
                writer.key(property?.propertyName ?? name)
                if version == .v2 {
                    writer.beginObject()
                    writer.key("results")
                }
                writer.beginArray()
                for child in related.entities {
                    try writeEntity(child, names: child.attributes.keys.sorted(), deep: true, into: &writer)
                }
                writer.endArray()
                if version == .v2 { writer.endObject() }
            }
        }
        writer.endObject()
    }

    /// A Dynamics lookup in OData v4: `navigation@odata.bind: "/entityset(id)"`, or null to clear it.
    private func writeBind(
        _ name: String,
        _ value: AttributeValue,
        property: PropertyMetadata?,
        into writer: inout JSONWriter
    ) throws {
        let targets: [LookupTarget]
        if case .lookup(let known)? = property?.type { targets = known } else { targets = [] }
        guard case .entityReference(let reference) = value else {
            // Clearing: any navigation property of the lookup clears it.
            guard let target = targets.first else {
                throw ODataEncodingError(
                    message: "lookup '\(name)' cannot be cleared: no navigation property is known for it"
                )
            }
            writer.key(target.navigationProperty + "@odata.bind")
            writer.null()
            return
        }
        let navigation: String
        let entitySet: String
        if let target = targets.first(where: { $0.logicalName == reference.logicalName })
            ?? (reference.logicalName.isEmpty && targets.count == 1 ? targets.first : nil)
        {
            navigation = target.navigationProperty
            entitySet = target.entitySetName
        } else if targets.isEmpty, let set = registry.type(forLogicalName: reference.logicalName)?.entitySetName {
            navigation = name
            entitySet = set
        } else if targets.isEmpty {
            throw ODataEncodingError(
                message: """
                    lookup '\(name)' refers to '\(reference.logicalName)', whose entity set is unknown: \
                    register its generated class
                    """
            )
        } else {
            throw ODataEncodingError(
                message: """
                    lookup '\(name)' cannot refer to '\(reference.logicalName)'; \
                    it refers to \(targets.map(\.logicalName).joined(separator: ", "))
                    """
            )
        }
        writer.key(navigation + "@odata.bind")
        writer.string("/\(entitySet)(\(EdmText.format(reference.id)))")
    }

    func writeValue(_ value: AttributeValue, type: PropertyType?, collection: Bool, into writer: inout JSONWriter)
        throws
    {
        let asString = ieee754Compatible || version == .v2
        switch value {
        case .null:
            switch (version, type) {
            case (.v2, .optionSet?) where !collection, (.v2, .money?) where !collection:
                writeWrapper(nil, into: &writer)
            case (.v2, .lookup?) where !collection:
                writer.beginObject()
                writer.key("Id")
                writer.null()
                writer.key("LogicalName")
                writer.null()
                writer.endObject()
            default: writer.null()
            }
        case .boolean(let flag): writer.raw(flag ? "true" : "false")
        case .byte(let number): writer.raw(String(number))
        case .sbyte(let number): writer.raw(String(number))
        case .int16(let number): writer.raw(String(number))
        case .int32(let number): writer.raw(String(number))
        case .int64(let number): asString ? writer.string(String(number)) : writer.raw(String(number))
        case .single(let number): writeFloatingPoint(Double(number), description: number.description, into: &writer)
        case .double(let number): writeFloatingPoint(number, description: number.description, into: &writer)
        case .decimal(let number):
            guard !number.isNaN else {
                throw ODataEncodingError(message: "a decimal is NaN, which OData cannot represent")
            }
            asString ? writer.string(number.description) : writer.raw(number.description)
        case .string(let text): writer.string(text)
        case .guid(let guid): writer.string(EdmText.format(guid))
        case .binary(let data): writer.string(data.base64EncodedString())
        case .dateTimeOffset(let date):
            if version == .v2, case .dateTime? = type {
                writer.string(EdmText.formatLegacy(date))
            } else {
                writer.string(EdmText.format(date))
            }
        case .date(let date): writer.string(date.description)
        case .timeOfDay(let time):
            writer.string(
                version == .v2
                    ? EdmDuration(
                        seconds: Decimal(time.hour * 3600 + time.minute * 60 + time.second) + Decimal(time.nanosecond)
                            / 1_000_000_000
                    )
                    .description : time.description
            )
        case .duration(let duration): writer.string(duration.description)
        case .entityReference(let reference):
            // OData v2 (CRM 2011–2016): the EntityReference complex value. (v4 binds; see writeEntity.)
            writer.beginObject()
            writer.key("Id")
            writer.string(EdmText.format(reference.id))
            writer.key("LogicalName")
            writer.string(reference.logicalName)
            writer.endObject()
        case .optionSetValue(let option):
            if version == .v2 {
                writeWrapper(String(option.value), into: &writer)
            } else {
                writer.raw(String(option.value))
            }
        case .optionSetValues(let options): writer.string(options.map { String($0.value) }.joined(separator: ","))
        case .money(let money):
            guard !money.value.isNaN else {
                throw ODataEncodingError(message: "a money value is NaN, which OData cannot represent")
            }
            if version == .v2 {
                writeWrapper("\"\(money.value)\"", into: &writer)
            } else {
                asString ? writer.string(money.value.description) : writer.raw(money.value.description)
            }
        case .activityParty:
            throw ODataEncodingError(
                message: "activity parties are written in OData v4 only, as the activity's parties navigation property"
            )
        case .geography(let spatial), .geometry(let spatial): writer.untyped(GeoJSON.untypedValue(spatial))
        case .enumMember(let name): writer.string(name)
        case .complex(let members):
            var table = PropertyTable.empty
            if case .complex(let complexType)? = type { table = PropertyTable.of(complexType) }
            writer.beginObject()
            for name in members.keys.sorted() {
                guard let member = members[name] else { continue }
                let property = table.byName[name]
                writer.key(property?.propertyName ?? name)
                try writeValue(member, type: property?.type, collection: property?.isCollection ?? false, into: &writer)
            }
            writer.endObject()
        case .collection(let elements):
            if version == .v2 {
                writer.beginObject()
                writer.key("results")
            }
            writer.beginArray()
            for element in elements { try writeValue(element, type: type, collection: false, into: &writer) }
            writer.endArray()
            if version == .v2 { writer.endObject() }
        case .untyped(let json): writer.untyped(json)
        }
    }

    /// `{"Value": …}`, CRM 2011's OptionSetValue and Money.
    private func writeWrapper(_ raw: String?, into writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("Value")
        writer.raw(raw ?? "null")
        writer.endObject()
    }

    /// Numbers, with OData's `INF`, `-INF` and `NaN` strings for the values JSON has no number for; strings in
    /// OData v2, whose verbose JSON writes Edm.Single and Edm.Double that way.
    private func writeFloatingPoint(_ value: Double, description: String, into writer: inout JSONWriter) {
        if value.isNaN {
            writer.string("NaN")
        } else if value.isInfinite {
            writer.string(value < 0 ? "-INF" : "INF")
        } else if version == .v2 {
            writer.string(description)
        } else {
            writer.raw(description)
        }
    }
}

/// An entity that cannot be written as a request body, and why.
public struct ODataEncodingError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
    /// What cannot be written and why, e.g. `a decimal is NaN, which OData cannot represent`.
    public var message: String

    /// Creates an error with this message.
    public init(message: String) { self.message = message }

    /// The message.
    public var description: String { message }

    /// For an alert: `The record could not be written: <message>.`
    public var errorDescription: String? { ErrorSentence.make("The record could not be written: \(message)") }
}
