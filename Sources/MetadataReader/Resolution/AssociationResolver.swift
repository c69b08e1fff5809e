import MetadataModel

/// Turns OData v2/v3 navigation properties (`Relationship`, `FromRole`, `ToRole`) into typed
/// navigation properties: target type, multiplicity, partner and referential constraints.
struct AssociationResolver {
    private struct PartnerKey: Hashable {
        var type: QualifiedName
        var relationship: QualifiedName
        var fromRole: String?
        var toRole: String?
    }

    private var associations: [QualifiedName: Association] = [:]

    init(service: Service) {
        for schema in service.schemas {
            for association in schema.associations {
                associations[QualifiedName(namespace: schema.namespace, name: association.name)] = association
            }
        }
    }

    func resolve(_ service: inout Service, diagnostics: inout [Diagnostic]) {
        guard
            !associations.isEmpty
                || service.entityTypes.contains(where: { $0.navigationProperties.contains { $0.relationship != nil } })
        else { return }
        // Navigation property names by type, association and roles, to find partners.
        var partners: [PartnerKey: String] = [:]
        for schema in service.schemas {
            for type in schema.entityTypes {
                let typeName = QualifiedName(namespace: schema.namespace, name: type.name)
                for navigation in type.navigationProperties {
                    guard let relationship = navigation.relationship else { continue }
                    let key = PartnerKey(
                        type: typeName,
                        relationship: relationship,
                        fromRole: navigation.fromRole,
                        toRole: navigation.toRole
                    )
                    partners[key] = partners[key] ?? navigation.name
                }
            }
        }
        for s in service.schemas.indices {
            for t in service.schemas[s].entityTypes.indices {
                var navigations = service.schemas[s].entityTypes[t].navigationProperties
                guard navigations.contains(where: { $0.relationship != nil }) else { continue }
                for n in navigations.indices {
                    guard let relationship = navigations[n].relationship else { continue }
                    resolve(&navigations[n], relationship: relationship, partners: partners, diagnostics: &diagnostics)
                }
                service.schemas[s].entityTypes[t].navigationProperties = navigations
            }
        }
    }

    private func resolve(
        _ navigation: inout NavigationProperty,
        relationship: QualifiedName,
        partners: [PartnerKey: String],
        diagnostics: inout [Diagnostic]
    ) {
        guard let association = associations[relationship] else {
            diagnostics.append(
                .error(
                    """
                    navigation property \(navigation.name) names the association '\(relationship)', \
                    which is not declared
                    """,
                    at: navigation.location
                )
            )
            return
        }
        guard let to = association.ends.first(where: { $0.role == navigation.toRole }),
            let from = association.ends.first(where: { $0.role == navigation.fromRole })
        else {
            diagnostics.append(
                .error(
                    """
                    navigation property \(navigation.name) names roles '\(navigation.fromRole ?? "")' \
                    and '\(navigation.toRole ?? "")', which association \(association.name) does not have
                    """,
                    at: navigation.location
                )
            )
            return
        }
        navigation.type = TypeReference(name: to.type, isCollection: to.multiplicity == "*")
        navigation.isNullable = to.multiplicity != "1"
        navigation.multiplicity = to.multiplicity
        navigation.onDelete = from.onDelete
        navigation.partner =
            partners[
                PartnerKey(
                    type: to.type,
                    relationship: relationship,
                    fromRole: navigation.toRole,
                    toRole: navigation.fromRole
                )
            ]
        if let constraint = association.constraint, constraint.dependentRole == navigation.fromRole {
            navigation.referentialConstraints = zip(constraint.dependentProperties, constraint.principalProperties)
                .map { ReferentialConstraint(property: $0, referencedProperty: $1, location: association.location) }
        }
    }
}
