/// SAP Gateway's `sap:` attributes (namespace `http://www.sap.com/Protocols/SAPData`) on
/// OData v2 elements, in document order, with typed access to the common ones.
public struct SAPAttributes: Hashable, Sendable, Codable {
    public var values: [PropertyValue]

    public init(values: [PropertyValue]) { self.values = values }

    /// The attribute with this local name (`label`, `creatable`…).
    public subscript(name: String) -> String? { values.first { $0.name == name }?.value.text }

    public var label: String? { self["label"] }
    public var isCreatable: Bool { self["creatable"] != "false" }
    public var isUpdatable: Bool { self["updatable"] != "false" }
    public var isDeletable: Bool { self["deletable"] != "false" }
    public var isFilterable: Bool { self["filterable"] != "false" }
    public var isSortable: Bool { self["sortable"] != "false" }
}
