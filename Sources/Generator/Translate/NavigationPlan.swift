import MetadataModel
import SwiftEmitter

extension GenerationContext {
    /// Navigation properties whose targets are generated, named for what they hold: the navigation property of a
    /// Dynamics lookup after the lookup (`parentaccountid` → `parentAccount` beside the lookup `parentAccountId`,
    /// `parentcustomerid_account` → `parentCustomerAccount`), others after their own names, singular for one
    /// entity and plural for a collection.
    ///
    /// `properties` are the type's planned properties and the inherited lookups it binds anew, whose attributes are
    /// `lookupAttributes`; `renamed` holds the Swift names renames chose, by navigation property name.
    func planNavigations(
        _ type: EntityType,
        _ qualified: QualifiedName,
        properties: [PropertyPlan],
        lookupAttributes: [Property] = [],
        renamed: [String: String] = [:],
        names: inout UniqueNames
    ) -> [PropertyPlan] {
        let lookups = lookupsByNavigation(type, qualified, properties: properties, lookupAttributes: lookupAttributes)
        return type.navigationProperties.compactMap { navigation in
            guard let target = typeNames.name(of: navigation.type.name), entityIndex[navigation.type.name] != nil else {
                note(
                    """
                    navigation property \(type.name).\(navigation.name) is not generated: \
                    its target '\(navigation.type.name)' is not generated
                    """,
                    at: navigation.location
                )
                return nil
            }
            let isCollection = navigation.type.isCollection
            let preferred: String
            if configuration.propertyNaming != .lowerCamelCase {
                preferred = IdentifierNaming.sanitized(navigation.name)
            } else if !isCollection, let lookup = lookups[navigation.name] {
                let base =
                    lookup.swiftName.hasSuffix("Id") && lookup.swiftName.count > 2
                    ? String(lookup.swiftName.dropLast(2)) : lookup.swiftName
                preferred = lookup.navigationCount > 1 ? base + target : base
            } else {
                let name = IdentifierNaming.lowerCamelCase(navigation.name)
                preferred = isCollection ? GrammaticalNumber.plural(name) : GrammaticalNumber.singular(name)
            }
            let (name, changed) =
                renamed[navigation.name].map { ($0, false) }
                ?? names.claim(preferred, suffix: isCollection ? "Records" : "Record")
            if changed {
                note(
                    """
                    navigation property \(type.name).\(navigation.name) is generated as '\(name)': \
                    '\(preferred)' is taken
                    """,
                    at: navigation.location
                )
            }
            var text = navigation.documentationText
            text.add(navigation.sap?.label)
            let contained = navigation.containsTarget ? ", containing its targets" : ""
            let remark = """
                Generated from navigation property `\(qualified)/\(navigation.name)` \
                (`\(navigation.type)`\(contained)).
                """
            return PropertyPlan(
                swiftName: name,
                attributeKey: navigation.name,
                propertyName: navigation.name,
                type: MappedType(element: .named(target), isCollection: isCollection, runtimeType: .navigation(target)),
                isReadOnly: false,
                documentation: text.documentation(remark: remark),
                containsTarget: navigation.containsTarget
            )
        }
    }

    /// The lookup each single-valued navigation property sets — from the entity metadata's many-to-one relationships,
    /// else from a referential constraint naming the lookup's property — with how many navigation properties set it.
    private func lookupsByNavigation(
        _ type: EntityType,
        _ qualified: QualifiedName,
        properties: [PropertyPlan],
        lookupAttributes: [Property]
    ) -> [String: (swiftName: String, navigationCount: Int)] {
        let lookups = properties.filter { if case .lookup = $0.type.runtimeType { true } else { false } }
        guard !lookups.isEmpty else { return [:] }
        let relationships = lineage(of: qualified).flatMap { $0.type.dynamics?.relationships ?? [] }
        var attributeOf: [String: String] = [:]
        for navigation in type.navigationProperties where !navigation.type.isCollection {
            if let relationship = relationships.first(where: {
                $0.kind != .manyToMany && $0.referencingNavigationProperty == navigation.name
            }), let attribute = relationship.referencingAttribute {
                attributeOf[navigation.name] = attribute
            } else if let constraint = navigation.referentialConstraints.first,
                let lookup = lookups.first(where: { $0.propertyName == constraint.property })
            {
                attributeOf[navigation.name] = lookup.attributeKey
            }
        }
        let (own, bound) = (
            Self.positionsByAttributeKey(type.properties), Self.positionsByAttributeKey(lookupAttributes)
        )
        func targetCount(_ attribute: String) -> Int {
            if let index = own[attribute] { return type.properties[index].dynamics?.targets.count ?? 0 }
            if let index = bound[attribute] { return lookupAttributes[index].dynamics?.targets.count ?? 0 }
            return 0
        }
        var result: [String: (swiftName: String, navigationCount: Int)] = [:]
        for (navigation, attribute) in attributeOf {
            guard let lookup = lookups.first(where: { $0.attributeKey == attribute }) else { continue }
            // A lookup that may refer to several entities (a customer: account or contact) names each navigation
            // property after its target, even when the metadata declares only one of them.
            let targets = targetCount(attribute)
            result[navigation] = (lookup.swiftName, max(targets, attributeOf.values.filter { $0 == attribute }.count))
        }
        return result
    }
}
