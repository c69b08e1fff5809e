import MetadataModel

/// Reads entity types, complex types and their properties.
struct StructuredTypeReader {
    let context: ReadContext
    var annotations: AnnotationReader { AnnotationReader(context: context) }

    func entityType(_ node: XMLNode) -> EntityType? {
        guard let name = context.required("Name", of: node) else { return nil }
        var type = EntityType(name: name, location: node.location)
        type.hasStream = node.bool("HasStream", in: .dataServicesMetadata) ?? node.bool("HasStream") ?? false
        type.sap = node.sapAttributes
        var key: [PropertyRef] = []
        readStructure(node, into: &type, kind: "entity type") { child in
            guard child.name == "Key" else { return false }
            key = child.children(named: "PropertyRef")
                .compactMap { ref in
                    context.required("Name", of: ref)
                        .map { PropertyRef(name: $0, alias: ref.attribute("Alias"), location: ref.location) }
                }
            return true
        }
        type.key = key
        return type
    }

    func complexType(_ node: XMLNode) -> ComplexType? {
        guard let name = context.required("Name", of: node) else { return nil }
        var type = ComplexType(name: name, location: node.location)
        readStructure(node, into: &type, kind: "complex type") { _ in false }
        return type
    }

    /// Reads what entity and complex types share; `other` reads any further child and says whether it did.
    private func readStructure<T: StructuredType>(
        _ node: XMLNode,
        into type: inout T,
        kind: String,
        other: (XMLNode) -> Bool
    ) {
        type.baseType = node.attribute("BaseType").map(QualifiedName.init(parsing:))
        type.isAbstract = node.bool("Abstract") ?? false
        type.isOpen = node.bool("OpenType") ?? false
        type.annotations = annotations.annotations(of: node)
        for child in node.children where child.isCSDL {
            switch child.name {
            case "Property": if let property = property(child) { type.properties.append(property) }
            case "NavigationProperty":
                if let navigation = navigationProperty(child) { type.navigationProperties.append(navigation) }
            case "Annotation", "Documentation": continue
            default: if !other(child) { context.skipped(child, in: "\(kind) \(type.name)") }
            }
        }
    }

    func property(_ node: XMLNode) -> Property? {
        guard let name = context.required("Name", of: node), let type = context.required("Type", of: node) else {
            return nil
        }
        var property = Property(name: name, type: TypeReference(parsing: type), location: node.location)
        property.isNullable = node.bool("Nullable") ?? true
        property.facets = node.facets
        property.defaultValue = node.attribute("DefaultValue")
        property.concurrencyMode = node.attribute("ConcurrencyMode")
        property.sap = node.sapAttributes
        property.annotations = annotations.annotations(of: node)
        return property
    }

    /// A v4 navigation property, or a v2/v3 one whose type the association resolver fills in.
    func navigationProperty(_ node: XMLNode) -> NavigationProperty? {
        guard let name = context.required("Name", of: node) else { return nil }
        let relationship = node.attribute("Relationship")
        let typeText = node.attribute("Type")
        if typeText == nil && relationship == nil {
            context.error("NavigationProperty has neither a Type nor a Relationship attribute", at: node.location)
            return nil
        }
        var navigation = NavigationProperty(
            name: name,
            type: TypeReference(parsing: typeText ?? ""),
            location: node.location
        )
        navigation.relationship = relationship.map(QualifiedName.init(parsing:))
        navigation.fromRole = node.attribute("FromRole")
        navigation.toRole = node.attribute("ToRole")
        navigation.isNullable = node.bool("Nullable") ?? true
        navigation.partner = node.attribute("Partner")
        navigation.containsTarget = node.bool("ContainsTarget") ?? false
        navigation.sap = node.sapAttributes
        navigation.annotations = annotations.annotations(of: node)
        for child in node.children where child.isCSDL {
            switch child.name {
            case "ReferentialConstraint":
                if let property = context.required("Property", of: child),
                    let referenced = context.required("ReferencedProperty", of: child)
                {
                    navigation.referentialConstraints.append(
                        ReferentialConstraint(
                            property: property,
                            referencedProperty: referenced,
                            location: child.location
                        )
                    )
                }
            case "OnDelete": navigation.onDelete = child.attribute("Action")
            case "Annotation", "Documentation": continue
            default: context.skipped(child, in: "navigation property \(name)")
            }
        }
        return navigation
    }
}

extension XMLNode {
    /// A Boolean attribute in a namespace.
    func bool(_ name: String, in namespace: XMLNamespace) -> Bool? {
        switch attribute(name, in: namespace)?.lowercased() {
        case "true", "1": true
        case "false", "0": false
        default: nil
        }
    }
}
