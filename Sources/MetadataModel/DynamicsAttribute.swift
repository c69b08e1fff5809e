/// What Dynamics entity metadata says about an attribute.
public struct DynamicsAttribute: Hashable, Sendable, Codable {
    public var logicalName: String
    public var schemaName: String?
    /// The data-contract subclass, e.g. `LookupAttributeMetadata`.
    public var metadataType: String
    /// `AttributeType`: String, Lookup, Picklist, Virtual…
    public var attributeType: String?
    /// `AttributeTypeName`: StringType, MultiSelectPicklistType, ImageType, FileType…
    public var attributeTypeName: String?
    public var displayName = Label()
    public var description = Label()
    /// `None`, `SystemRequired`, `ApplicationRequired` or `Recommended`.
    public var requiredLevel: String?
    public var isPrimaryId: Bool?
    public var isPrimaryName: Bool?
    public var isValidForCreate: Bool?
    public var isValidForRead: Bool?
    public var isValidForUpdate: Bool?
    public var isCustomAttribute: Bool?
    /// The attribute this one derives from (e.g. a lookup's name attribute).
    public var attributeOf: String?
    public var maxLength: Int?
    public var minValue: String?
    public var maxValue: String?
    public var precision: Int?
    public var format: String?
    public var dateTimeBehavior: String?
    /// Lookup targets: the entities a lookup, customer, owner or party list may refer to.
    public var targets: [String] = []
    /// The option set of a picklist, state, status, multi-select or Boolean attribute.
    public var optionSet: DynamicsOptionSet?
    public var defaultValue: String?
    public var location: SourceLocation

    public init(logicalName: String, metadataType: String, location: SourceLocation) {
        self.logicalName = logicalName
        self.metadataType = metadataType
        self.location = location
    }
}
