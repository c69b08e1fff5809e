/// How one property of a generated class or complex type is stored and typed, and how OData payloads name it.
/// Generated code lists these in ``Entity/propertyMetadata`` and ``ComplexValue/propertyMetadata``; the JSON
/// codecs read them to give each value its Edm type.
public struct PropertyMetadata: Sendable {
    /// The storage key: the attribute's logical name, or the navigation property's name.
    public let name: String
    /// The name in OData payloads: `_ownerid_value` for a Dataverse lookup `ownerid`; usually ``name``.
    public let propertyName: String
    /// How the value is typed, or each element's type when ``isCollection`` is true.
    public let type: PropertyType
    /// Whether the property holds a collection of ``type``.
    public let isCollection: Bool
    /// The name of the generated Swift property, e.g. `"parentCustomerId"`.
    public let swiftName: String?
    /// Whether a navigation property contains its targets (CSDL's `ContainsTarget`, as TripPin's `Person/Trips`):
    /// they have no entity set of their own, and their key is unique only within the entity holding them.
    public let containsTarget: Bool

    /// Creates the metadata of the property stored as `name`, of type `type` (each element's, when `collection` is
    /// true); `propertyName`, its name in payloads, defaults to `name`; `containsTarget` says whether a navigation
    /// property contains its targets.
    public init(
        _ name: String,
        _ type: PropertyType,
        collection: Bool = false,
        propertyName: String? = nil,
        swiftName: String? = nil,
        containsTarget: Bool = false
    ) {
        self.name = name
        self.type = type
        isCollection = collection
        self.propertyName = propertyName ?? name
        self.swiftName = swiftName
        self.containsTarget = containsTarget
    }
}

/// The type of a property, as far as storage and payloads need it.
public enum PropertyType: Sendable {
    case boolean, byte, sbyte, int16, int32, int64, single, double, decimal, string, guid, binary
    case dateTimeOffset
    /// OData v2's `Edm.DateTime`: a point in time written without an offset (`/Date(…)/` in verbose JSON).
    case dateTime
    case date, timeOfDay, duration, geography, geometry, untyped
    /// A CSDL enumeration, stored by member name.
    case enumeration
    /// A Dynamics option set (picklist, state, status); a multi-select option set when
    /// ``PropertyMetadata/isCollection``.
    case optionSet
    /// A Dynamics money value.
    case money
    /// A Dynamics lookup, and the navigation properties that set it for each entity it may refer to. A collection of
    /// them is a party list (``ActivityParty`` values), whose targets are the `activityparty` navigation properties
    /// that bind a party to each entity (`partyid_contact`).
    case lookup([LookupTarget])
    case complex(any ComplexValue.Type)
    /// A navigation property to entities of a generated class.
    case navigation(Entity.Type)
    /// An `Edm.Stream` property: its content is read and written apart from the entity (see ``StreamReference``).
    case stream
    /// A Dataverse file column: payloads carry the file's id, its content is read and written apart from the entity.
    case file
}

/// An entity a Dynamics lookup may refer to, and how to set the lookup to one of its records in OData v4.
public struct LookupTarget: Sendable {
    /// The target's logical name, e.g. `"account"`.
    public let logicalName: String
    /// The single-valued navigation property that binds the lookup, e.g. `"parentcustomerid_account"`.
    public let navigationProperty: String
    /// The target's entity set, e.g. `"accounts"`, as in `parentcustomerid_account@odata.bind: "/accounts(…)"`.
    public let entitySetName: String

    /// Creates a target: the entity `logicalName`, bound through `navigationProperty` to a record of `entitySetName`.
    public init(_ logicalName: String, navigationProperty: String, entitySetName: String) {
        self.logicalName = logicalName
        self.navigationProperty = navigationProperty
        self.entitySetName = entitySetName
    }
}

extension PropertyMetadata {
    /// The properties of a generated class with those of its base classes, base classes first; a derived class's
    /// metadata for a name replaces its base's.
    public static func all(of type: Entity.Type) -> [PropertyMetadata] {
        let table = PropertyTable.of(type)
        return (Array(table.byName.values) + Array(table.navigationsByName.values)).sorted { $0.name < $1.name }
    }
}
