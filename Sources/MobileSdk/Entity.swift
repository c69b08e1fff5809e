import Foundation

/// An entity record: attributes by logical name, with change tracking. Generated classes subclass it and add
/// one typed property per attribute; a plain `Entity` is the late-bound form.
///
/// Each attribute is in one of three states: absent ("not set", left alone on update), `.null` ("clear it on
/// update") or a value.
open class Entity {
    /// The logical name of the entity a generated class stands for, e.g. `"account"`; empty for `Entity` itself.
    open class var entityLogicalName: String { "" }
    /// The OData qualified type name of a generated class, e.g. `"Microsoft.Dynamics.CRM.account"`.
    open class var entityQualifiedName: String? { nil }
    /// The attribute holding the primary key of a generated class, if any.
    open class var primaryIdAttribute: String? { nil }
    /// The entity set a generated class's records live in, e.g. `"accounts"`.
    open class var entitySetName: String? { nil }
    /// The attributes that make up the key of a generated class, in key order.
    open class var keyAttributes: [String] { [] }
    /// Further sets of attributes that identify a record of a generated class (alternate keys).
    open class var alternateKeys: [[String]] { [] }
    /// The attribute holding a Dynamics record's primary name, e.g. `"name"` or `"fullname"`.
    open class var primaryNameAttribute: String? { nil }
    /// The Dynamics entity type code, e.g. `1` for `account`.
    open class var objectTypeCode: Int? { nil }
    /// How each attribute and navigation property a generated class declares is typed and named in payloads; the
    /// codecs add those of its base classes.
    open class var propertyMetadata: [PropertyMetadata] { [] }

    /// The entity's logical name, e.g. `"account"`.
    public internal(set) var logicalName: String
    /// The attribute values by logical name.
    public private(set) var attributes: [String: AttributeValue] = [:]
    /// Display texts of attribute values (option labels, formatted money and dates) by logical name.
    public var formattedValues: [String: String] = [:]
    /// Related entities by navigation property name.
    public var relatedEntities: [String: EntityCollection] = [:]
    /// The version the service gave the record (`@odata.etag`, `__metadata.etag`); sent in `If-Match` when set.
    public var eTag: String?

    /// Set on a probe instance while a key path is resolved to the properties it reads (see ``PropertyPaths``).
    var probe: (recorder: AccessRecorder, depth: Int)?

    /// The id given at initialization, by conversion or by the last assignment to ``recordId``.
    private var assignedId: UUID?
    private var changes: Set<String> = []

    /// An empty entity of the class's ``entityLogicalName``.
    public required init() {
        logicalName = Self.entityLogicalName
    }

    /// An empty entity with this logical name and, optionally, this id (not recorded as a change).
    public init(logicalName: String, id: UUID? = nil) {
        self.logicalName = logicalName
        assignedId = id
    }

    /// The record's GUID: the class's ``primaryIdAttribute`` when that holds one, else the id last assigned.
    ///
    /// Assigning also stores the primary id attribute (a change) when the class names one; assigning nil removes it.
    /// (Named so that `id`, which many services use for an attribute of their own, stays free for generated classes.)
    public var recordId: UUID? {
        get {
            if let key = Self.primaryIdAttribute, case .guid(let value)? = attributes[key] { return value }
            return assignedId
        }
        set {
            assignedId = newValue
            guard let key = Self.primaryIdAttribute else { return }
            self[key] = newValue.map(AttributeValue.guid)
        }
    }

    /// The attribute's value; nil when it is absent. Assigning a value records a change; assigning nil removes
    /// the attribute like ``removeAttribute(_:)`` (store `.null` to clear it on update).
    public subscript(name: String) -> AttributeValue? {
        get { attributes[name] }
        set {
            guard let newValue else {
                removeAttribute(name)
                return
            }
            attributes[name] = newValue
            changes.insert(name)
        }
    }

    /// Whether the attribute is present (holding a value or `.null`).
    public func contains(_ name: String) -> Bool {
        attributes[name] != nil
    }

    /// Makes the attribute absent ("not set") again and forgets that it changed.
    public func removeAttribute(_ name: String) {
        attributes[name] = nil
        changes.remove(name)
    }

    /// Names of attributes set or cleared since initialization or the last ``acceptChanges()``, sorted.
    public var changedAttributeNames: [String] {
        changes.sorted()
    }

    /// Whether the attribute was set or cleared since initialization or the last ``acceptChanges()``.
    public func hasChanged(_ name: String) -> Bool {
        changes.contains(name)
    }

    /// Marks the current state as loaded: nothing is changed afterwards.
    public func acceptChanges() {
        changes.removeAll()
    }

    /// Gives `other` this entity's logical name, id, attributes, formatted values, related entities and changes.
    func copyState(to other: Entity) {
        other.logicalName = logicalName
        other.assignedId = assignedId
        other.attributes = attributes
        other.formattedValues = formattedValues
        other.relatedEntities = relatedEntities
        other.eTag = eTag
        other.changes = changes
    }

    /// Replaces the attributes with values loaded from the service: nothing counts as changed.
    func load(_ attributes: [String: AttributeValue]) {
        self.attributes = attributes
        changes.removeAll()
    }
}
