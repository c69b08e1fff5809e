/// SAP Gateway's `sap:` attributes (namespace `http://www.sap.com/Protocols/SAPData`) on
/// OData v2 elements, in document order, with typed access to the common ones.
public struct SAPAttributes: Hashable, Sendable, Codable {
    /// Each attribute by its local name (without `sap:`), with its text as a `String` constant.
    public var values: [PropertyValue]

    /// Creates the attributes from their values, in document order.
    public init(values: [PropertyValue]) { self.values = values }

    /// The attribute with this local name (`label`, `creatable`…).
    public subscript(name: String) -> String? { values.first { $0.name == name }?.value.text }

    /// `sap:label`: the element's display text; nil when not given.
    public var label: String? { self["label"] }
    /// `sap:creatable`: whether clients may create (entity set) or set on create (property); true unless `false`.
    public var isCreatable: Bool { self["creatable"] != "false" }
    /// `sap:updatable`: whether clients may update (entity set) or change (property); true unless `false`.
    public var isUpdatable: Bool { self["updatable"] != "false" }
    /// `sap:deletable`: whether clients may delete an entity set's entities; true unless it is `false`.
    public var isDeletable: Bool { self["deletable"] != "false" }
    /// `sap:filterable`: whether `$filter` may use the property; true unless it is `false`.
    public var isFilterable: Bool { self["filterable"] != "false" }
    /// `sap:sortable`: whether `$orderby` may use the property; true unless it is `false`.
    public var isSortable: Bool { self["sortable"] != "false" }
}
