import MetadataModel

/// Turns OData v2/v3 navigation properties (`Relationship`, `FromRole`, `ToRole`) into typed
/// navigation properties: target type, multiplicity, partner and referential constraints.
struct AssociationResolver {
    private var associations: [QualifiedName: Association] = [:]

    init(service: Service) {
        for schema in service.schemas {
            for association in schema.associations {
                associations[QualifiedName(namespace: schema.namespace, name: association.name)] = association
            }
        }
    }

    func resolve(_ service: inout Service, diagnostics: inout [Diagnostic]) {
        guard !associations.isEmpty || service.entityTypes.contains(where: { $0.navigationProperties.contains { $0.relationship != nil } }) else { return }
        for schemaIndex in service.schemas.indices {
            for typeIndex in service.schemas[schemaIndex].entityTypes.indices {
                let type = service.schemas[schemaIndex].entityTypes[typeIndex]
                for navigationIndex in type.navigationProperties.indices {
                    var navigation = type.navigationProperties[navigationIndex]
                    guard let relationship = navigation.relationship else { continue }
                    resolve(&navigation, relationship: relationship, service: service, diagnostics: &diagnostics)
                    service.schemas[schemaIndex].entityTypes[typeIndex].navigationProperties[navigationIndex] = navigation
                }
            }
        }
    }

    private func resolve(_ navigation: inout NavigationProperty, relationship: QualifiedName, service: Service, diagnostics: inout [Diagnostic]) {
        guard let association = associations[relationship] else {
            diagnostics.append(.error("navigation property \(navigation.name) names the association '\(relationship)', which is not declared", at: navigation.location))
            return
        }
        guard let to = association.ends.first(where: { $0.role == navigation.toRole }),
              let from = association.ends.first(where: { $0.role == navigation.fromRole }) else {
            diagnostics.append(.error("navigation property \(navigation.name) names roles '\(navigation.fromRole ?? "")' and '\(navigation.toRole ?? "")', which association \(association.name) does not have", at: navigation.location))
            return
        }
        navigation.type = TypeReference(name: to.type, isCollection: to.multiplicity == "*")
        navigation.isNullable = to.multiplicity != "1"
        navigation.multiplicity = to.multiplicity
        navigation.onDelete = from.onDelete
        navigation.partner = service.entityType(to.type)?.navigationProperties.first {
            $0.relationship == relationship && $0.fromRole == navigation.toRole && $0.toRole == navigation.fromRole
        }?.name
        if let constraint = association.constraint, constraint.dependentRole == navigation.fromRole {
            navigation.referentialConstraints = zip(constraint.dependentProperties, constraint.principalProperties).map {
                ReferentialConstraint(property: $0, referencedProperty: $1, location: association.location)
            }
        }
    }
}
