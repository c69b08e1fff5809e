/// What Dynamics entity metadata says about an attribute.
public struct DynamicsAttribute: Hashable, Sendable, Codable {
    /// `LogicalName`, e.g. `accountnumber`; it becomes the property's name.
    public var logicalName: String
    /// `SchemaName`, the name as its customizer cased it (e.g. `AccountNumber`); nil when absent.
    public var schemaName: String?
    /// The data-contract subclass, e.g. `LookupAttributeMetadata`.
    public var metadataType: String
    /// `AttributeType`: String, Lookup, Picklist, Virtual…
    public var attributeType: String?
    /// `AttributeTypeName`: StringType, MultiSelectPicklistType, ImageType, FileType…
    public var attributeTypeName: String?
    /// `DisplayName`: the attribute's label in each language; empty when absent.
    public var displayName = Label()
    /// `Description`: the attribute's description in each language; empty when absent.
    public var description = Label()
    /// `None`, `SystemRequired`, `ApplicationRequired` or `Recommended`.
    public var requiredLevel: String?
    /// `IsPrimaryId`: whether this is the entity's key attribute; only then is the property non-nullable.
    public var isPrimaryID: Bool?
    /// `IsPrimaryName`: whether this is the entity's primary name attribute; nil when absent.
    public var isPrimaryName: Bool?
    /// `IsValidForCreate`: whether a create may set the attribute; nil when absent.
    public var isValidForCreate: Bool?
    /// `IsValidForRead`: whether the attribute can be retrieved; nil when absent.
    public var isValidForRead: Bool?
    /// `IsValidForUpdate`: whether an update may set the attribute; nil when absent.
    public var isValidForUpdate: Bool?
    /// `IsCustomAttribute`: whether a customizer, not the system, added the attribute; nil when absent.
    public var isCustomAttribute: Bool?
    /// The attribute this one derives from (e.g. a lookup's name attribute).
    public var attributeOf: String?
    /// `MaxLength` in characters, which a string property takes as its `MaxLength` facet; nil when absent.
    public var maxLength: Int?
    /// `MinValue` of a numeric attribute, as its lexical text; nil when absent.
    public var minValue: String?
    /// `MaxValue` of a numeric attribute, as its lexical text; nil when absent.
    public var maxValue: String?
    /// `Precision`: the decimal places of a decimal, money or double attribute; nil when absent.
    public var precision: Int?
    /// `Format` of a string, integer or date-time attribute (e.g. `Email`, `Url`, `Duration`, `DateOnly`).
    public var format: String?
    /// `DateTimeBehavior`: `UserLocal`, `DateOnly` or `TimeZoneIndependent`; `DateOnly` types it `Edm.Date`.
    public var dateTimeBehavior: String?
    /// Lookup targets: the entities a lookup, customer, owner or party list may refer to.
    public var targets: [String] = []
    /// The option set of a picklist, state, status, multi-select or Boolean attribute.
    public var optionSet: DynamicsOptionSet?
    /// `DefaultValue`, else `DefaultFormValue`, as text; nil when neither is given.
    public var defaultValue: String?
    /// Where the attribute's metadata was read.
    public var location: SourceLocation

    /// Creates an attribute with its logical name, data-contract type and source location; the rest is unset.
    public init(logicalName: String, metadataType: String, location: SourceLocation) {
        self.logicalName = logicalName
        self.metadataType = metadataType
        self.location = location
    }

    /// The old spelling of ``isPrimaryID``.
    @available(*, deprecated, renamed: "isPrimaryID") public var isPrimaryId: Bool? {
        get { isPrimaryID }
        set { isPrimaryID = newValue }
    }
}
