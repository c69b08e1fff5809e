import Foundation
import Observation

/// An entity record: attributes by logical name, with change tracking. Generated classes subclass it and add
/// one typed property per attribute; a plain `Entity` is the late-bound form.
///
/// Each attribute is in one of three states: absent ("not set", left alone on update), `.null` ("clear it on
/// update") or a value.
///
/// Entities are `Observable` without code of their own: reading an attribute, a formatted value, a related entity or
/// the ETag registers with Observation, and changing one notifies, so a SwiftUI view reading `contact.firstName`
/// updates when it changes and `@Bindable var contact` can drive a form. Observation is per kind of state, not per
/// attribute: a change to any attribute notifies everyone who read any attribute of that entity.
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
    /// The display names of the table and the columns a generated class declares, in every language the metadata
    /// carries; nil when it has none. Read them with `displayName(of:in:)`, which reads this once per class.
    open class var displayNameTable: DisplayNameTable? { nil }

    /// The entity's logical name, e.g. `"account"`.
    public internal(set) var logicalName: String
    /// The attribute values by logical name.
    public private(set) var attributes: [String: AttributeValue] {
        get {
            observation.access(self, keyPath: \.attributes)
            return storedAttributes
        }
        set { mutateAttributes { $0 = newValue } }
    }
    /// Display texts of attribute values (option labels, formatted money and dates) by logical name.
    public var formattedValues: [String: String] {
        get {
            observation.access(self, keyPath: \.formattedValues)
            return storedFormattedValues
        }
        _modify {
            observation.willSet(self, keyPath: \.formattedValues)
            defer { observation.didSet(self, keyPath: \.formattedValues) }
            yield &storedFormattedValues
        }
    }
    /// Related entities by navigation property name.
    public var relatedEntities: [String: EntityCollection] {
        get {
            observation.access(self, keyPath: \.relatedEntities)
            return storedRelatedEntities
        }
        _modify {
            observation.willSet(self, keyPath: \.relatedEntities)
            defer { observation.didSet(self, keyPath: \.relatedEntities) }
            yield &storedRelatedEntities
        }
    }
    /// The version the service gave the record (`@odata.etag`, `__metadata.etag`); sent in `If-Match` when set.
    public var eTag: String? {
        get {
            observation.access(self, keyPath: \.eTag)
            return storedETag
        }
        set { observation.withMutation(of: self, keyPath: \.eTag) { storedETag = newValue } }
    }

    private var storedAttributes: [String: AttributeValue] = [:]
    private var storedFormattedValues: [String: String] = [:]
    private var storedRelatedEntities: [String: EntityCollection] = [:]
    private var storedETag: String?
    /// What the payload said of the entity's streams, by storage name; `""` for the media resource.
    var mediaLinks: [String: MediaLinks] = [:]
    /// Reports reads and writes of the state above to Observation; changes count as attribute state.
    private let observation = ObservationRegistrar()

    /// Set on a probe instance while a key path is resolved to the properties it reads (see ``PropertyPaths``).
    var probe: (recorder: AccessRecorder, depth: Int)?

    /// The id given at initialization, by conversion or by the last assignment to ``recordId``.
    private var assignedId: UUID?
    private var changes: Set<String> = []
    /// The value each attribute changed or removed since the last read had then (nil: it was absent), for
    /// ``discardChanges()``.
    private var originals: [String: AttributeValue?] = [:]

    /// An empty entity of the class's ``entityLogicalName``.
    public required init() { logicalName = Self.entityLogicalName }

    /// An empty entity with this logical name and, optionally, this id (not recorded as a change).
    ///
    /// A convenience initializer, so that `init()` stays the only designated one: Swift then writes no initializer
    /// overrides into each generated subclass.
    public convenience init(logicalName: String, id: UUID? = nil) {
        self.init()
        self.logicalName = logicalName
        assignedId = id
    }

    /// An entity standing for an existing record, to update or delete it without loading it first:
    /// `let account = Account(id: accountId); account.name = "Contoso"; try await client.update(account)`.
    ///
    /// The id is stored in the class's key attribute (or its primary id attribute) without counting as a change.
    public convenience init(id: UUID) {
        self.init(key: .id(id))
        assignedId = id
    }

    /// An entity standing for an existing record with this key, e.g. `Person(key: EntityKey("russellwhyte"))`:
    /// a single value goes to the class's only key attribute, named values to the attributes they name; neither
    /// counts as a change.
    public convenience init(key: EntityKey) {
        self.init()
        switch key.storage {
        case .single(let value):
            let keyAttributes = Self.keyAttributes
            if keyAttributes.count == 1 {
                storedAttributes[keyAttributes[0]] = value
            } else if let primaryId = Self.primaryIdAttribute, case .guid = value {
                storedAttributes[primaryId] = value
            }
            if case .guid(let id) = value { assignedId = id }
        case .named(let components): for component in components { storedAttributes[component.name] = component.value }
        }
    }

    /// A new record to create with a key the client chooses, e.g. `Person(creatingWithKey: EntityKey("ada"))` where
    /// the service's keys are the client's to choose (TripPin's user names), even when the generated key property is
    /// read-only because the key cannot change after creation. Unlike ``init(key:)``, the key's values count as set,
    /// so that the record reads as the new one it is.
    public convenience init(creatingWithKey key: EntityKey) {
        self.init(key: key)
        changes.formUnion(storedAttributes.keys)
    }

    /// A new record to create with a GUID the client makes, where the service lets a create choose the primary key
    /// (Dataverse): `let account = Account(creatingWithId: UUID())`. The id is known before the record is sent, so
    /// that a create sent again, or a record linked to it, names the same record; the id counts as set.
    public convenience init(creatingWithId id: UUID) {
        self.init(id: id)
        changes.formUnion(storedAttributes.keys)
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
            mutateAttributes { attributes in
                if originals[name] == nil { originals[name] = .some(attributes[name]) }
                attributes[name] = newValue
                changes.insert(name)
            }
        }
    }

    /// Whether the attribute is present (holding a value or `.null`).
    public func contains(_ name: String) -> Bool { attributes[name] != nil }

    /// Makes the attribute absent ("not set") again and forgets that it changed.
    public func removeAttribute(_ name: String) {
        mutateAttributes { attributes in
            if originals[name] == nil { originals[name] = .some(attributes[name]) }
            attributes[name] = nil
            changes.remove(name)
        }
    }

    /// Names of attributes set or cleared since initialization or the last ``acceptChanges()``, sorted.
    public var changedAttributeNames: [String] {
        observation.access(self, keyPath: \.attributes)
        return changes.sorted()
    }

    /// Whether the attribute was set or cleared since initialization or the last ``acceptChanges()``.
    public func hasChanged(_ name: String) -> Bool {
        observation.access(self, keyPath: \.attributes)
        return changes.contains(name)
    }

    /// Marks the current state as loaded: nothing is changed afterwards.
    public func acceptChanges() {
        mutateAttributes { _ in
            changes.removeAll()
            originals.removeAll()
        }
    }

    /// Returns the attributes to what was last read (or accepted): what a form's Cancel button does. Attributes set
    /// since come back to their values, or go when they were absent; nothing counts as changed afterwards.
    public func discardChanges() {
        mutateAttributes { attributes in
            for (name, original) in originals { attributes[name] = original }
            changes.removeAll()
            originals.removeAll()
        }
    }

    /// Takes the state of `fresh`, a new read of the same record, in place: its attributes, formatted values,
    /// related entities, ETag and stream links. Observers of this object see the new values; changes not saved are
    /// gone, and nothing counts as changed afterwards.
    public func reload(from fresh: Entity) {
        assignedId = fresh.assignedId ?? assignedId
        load(fresh.attributes)
        formattedValues = fresh.formattedValues
        relatedEntities = fresh.relatedEntities
        eTag = fresh.eTag
        mediaLinks = fresh.mediaLinks
    }

    /// Gives `other` this entity's logical name, id, attributes, formatted values, related entities and changes.
    func copyState(to other: Entity) {
        other.logicalName = logicalName
        other.assignedId = assignedId
        other.attributes = attributes
        other.formattedValues = formattedValues
        other.relatedEntities = relatedEntities
        other.eTag = eTag
        other.mediaLinks = mediaLinks
        other.changes = changes
        other.originals = originals
    }

    /// Replaces the attributes with values loaded from the service: nothing counts as changed.
    func load(_ attributes: [String: AttributeValue]) {
        mutateAttributes { stored in
            stored = attributes
            changes.removeAll()
            originals.removeAll()
        }
    }

    /// Changes the attributes (and the change set) in place, notifying observers once.
    private func mutateAttributes(_ body: (inout [String: AttributeValue]) -> Void) {
        observation.withMutation(of: self, keyPath: \.attributes) { body(&storedAttributes) }
    }
}
