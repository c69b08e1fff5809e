import MetadataModel

extension XMLNode {
    /// A Boolean attribute (`true`/`false`, any case); nil when absent or not a Boolean.
    func bool(_ name: String) -> Bool? {
        switch attribute(name)?.lowercased() {
        case "true", "1": true
        case "false", "0": false
        default: nil
        }
    }

    /// The element's facets: MaxLength, Precision, Scale, SRID, Unicode, FixedLength.
    var facets: Facets {
        var facets = Facets()
        if let maxLength = attribute("MaxLength") {
            facets.maxLength = maxLength.lowercased() == "max" ? .max : Int(maxLength).map(MaxLength.value)
        }
        facets.precision = attribute("Precision").flatMap { Int($0) }
        facets.scale = attribute("Scale")
        facets.srid = attribute("SRID")
        facets.isUnicode = bool("Unicode")
        facets.isFixedLength = bool("FixedLength")
        return facets
    }

    /// Whether this element is in a CSDL namespace (any version).
    var isCSDL: Bool { namespace == .edm }

    /// The `sap:` attributes, if any.
    var sapAttributes: SAPAttributes? {
        let values = attributes.filter { $0.namespace == .sap }
            .map { PropertyValue(name: $0.name, value: .constant(kind: "String", text: $0.value)) }
        return values.isEmpty ? nil : SAPAttributes(values: values)
    }
}
