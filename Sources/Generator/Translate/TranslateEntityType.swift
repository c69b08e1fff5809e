import MetadataModel
import SwiftEmitter

extension GenerationContext {
    /// An entity type as an `Entity` subclass: the class properties that differ from its base class's, the property
    /// table, one typed property per property or attribute and one per navigation property. Each property names only
    /// itself: its accessors find the storage name in the table by the property's Swift name. The properties are
    /// `final`: statically dispatched accessors keep large models quick to compile.
    ///
    /// `inheritedNames` holds the member names of the base classes, which this class must not reuse.
    func translateEntityType(_ qualified: QualifiedName, _ type: EntityType, inheritedNames: UniqueNames) -> (
        Declaration, UniqueNames
    ) {
        let className = typeNames.name(of: qualified) ?? type.name
        var names = inheritedNames
        let renamed = claimRenamedMembers(
            owners: Self.names(of: type, qualified: qualified),
            members: type.properties.filter { admits($0, of: qualified) }
                .map { property in
                    (
                        [property.name] + (property.dynamics.map { [$0.logicalName] } ?? []),
                        "property \(qualified)/\(property.name)"
                    )
                } + type.navigationProperties.map { ([$0.name], "navigation property \(qualified)/\($0.name)") },
            in: className,
            names: &names
        )
        let properties = plan(
            type.properties,
            owner: qualified,
            entity: qualified,
            navigationProperties: type.navigationProperties.map(\.name),
            renamed: renamed,
            names: &names
        )
        let positions = Self.positionsByAttributeKey(type.properties)
        lookupPlans[qualified] = properties.compactMap { plan in
            guard case .lookup = plan.type.runtimeType, let index = positions[plan.attributeKey] else { return nil }
            return (type.properties[index], plan)
        }
        let retargeted = retargetedLookups(qualified)
        let navigations = planNavigations(
            type,
            qualified,
            properties: properties + retargeted.map(\.plan),
            lookupAttributes: retargeted.map(\.property),
            renamed: renamed,
            names: &names
        )

        var members = classProperties(qualified, type)
        if !properties.isEmpty || !navigations.isEmpty || !retargeted.isEmpty {
            members.append(
                propertyMetadataDeclaration(
                    of: className,
                    properties + retargeted.map(\.plan) + navigations,
                    modifiers: [.override, .class],
                    access: classAccess
                )
            )
        }
        if let displayNames = displayNameTableDeclaration(type, properties: properties) { members.append(displayNames) }
        for plan in properties {
            if plan.type.isStream {
                members.append(accessors(plan, get: .stream, set: nil))
                continue
            }
            let (get, set) =
                plan.type.isCollection
                ? (RuntimeContract.Accessor.getAll, RuntimeContract.Accessor.setAll) : (.get, .set)
            members.append(accessors(plan, get: get, set: plan.isReadOnly ? nil : set))
        }
        for navigation in navigations {
            let collection = navigation.type.isCollection
            members.append(
                accessors(
                    navigation,
                    get: collection ? .relatedAll : .related,
                    set: collection ? .setRelatedAll : .setRelated
                )
            )
        }

        let superclass: TypeName
        if let base = index.lineage(of: qualified).dropFirst().first, let baseName = typeNames.name(of: base),
            entityIndex[base] != nil
        {
            superclass = .named(baseName)
        } else {
            if let base = type.baseType {
                warning(
                    """
                    entity type \(type.name) derives from '\(base)', which is not generated; \
                    its class derives from MobileSdk.Entity
                    """,
                    at: type.location
                )
            }
            superclass = RuntimeContract.TypeName.entity.type
        }
        var text = DocumentationText()
        text.add(type.dynamics?.displayName.text)
        text.add(type.displayLabel)
        text.add(type.dynamics?.description.text ?? type.coreDescription)
        text.add(type.longDescription)
        if type.hasStream {
            text.add("A media entity: its content is `mediaResource`, which the client downloads and uploads.")
        }
        let documentation = text.documentation(remark: "Generated from entity type `\(qualified)`.")
        let declaration = Declaration.documented(
            documentation,
            .class(ClassDeclaration(access: classAccess, name: className, superclass: superclass, members: members))
        )
        return (declaration, names)
    }

    /// The lookups of base classes that this entity's relationships bind through navigation properties of its own
    /// (Dataverse's `regardingobjectid_contact_task` for a task's inherited `regardingobjectid`), with this entity's
    /// targets: listed again in its table (no accessor), they make a write bind the lookup the way this entity set
    /// accepts.
    private func retargetedLookups(_ qualified: QualifiedName) -> [(property: Property, plan: PropertyPlan)] {
        lineage(of: qualified).dropFirst().flatMap { lookupPlans[$0.name] ?? [] }
            .compactMap { property, plan in
                let type = lookupType(property, entity: qualified)
                guard type != plan.type.runtimeType else { return nil }
                var retargeted = plan
                retargeted.type.runtimeType = type
                return (property, retargeted)
            }
    }

    /// `get { self._get() } set { self._set(newValue) } _modify { yield &self[_attribute: #function] }`: the hooks find
    /// the storage name by the property's name.
    private func accessors(_ plan: PropertyPlan, get: RuntimeContract.Accessor, set: RuntimeContract.Accessor?)
        -> Declaration
    {
        .documented(
            plan.documentation,
            .variable(
                VariableDeclaration(
                    access: access,
                    modifiers: [.final],
                    name: plan.swiftName,
                    type: plan.type.propertyType,
                    kind: .computed(getter: get.body(), setter: set?.setterBody, modify: set?.modifyBody)
                )
            )
        )
    }

    /// The class properties whose values differ from what the base class (or `Entity`) says.
    private func classProperties(_ qualified: QualifiedName, _ type: EntityType) -> [Declaration] {
        let lineage = lineage(of: qualified)
        let base = lineage.dropFirst().first { entityIndex[$0.name] != nil }
        let string = TypeName.named("Swift.String")
        var members: [Declaration] = []
        func add(
            _ property: RuntimeContract.ClassProperty,
            _ type: TypeName,
            _ value: Expression?,
            inherited: Expression?
        ) {
            guard let value, value != inherited else { return }
            members.append(
                .variable(
                    VariableDeclaration(
                        access: classAccess,
                        modifiers: [.override, .class],
                        name: property.rawValue,
                        type: type,
                        kind: .computed(getter: [.expression(value)], setter: nil)
                    )
                )
            )
        }
        let literal = { (text: String?) in text.map { Expression.literal(.string($0)) } }
        let strings = { (values: [String]) in
            values.isEmpty ? nil : Expression.array(values.map { .literal(.string($0)) })
        }
        add(.entityLogicalName, string, literal(type.dynamics?.logicalName ?? type.name), inherited: nil)
        add(.entityQualifiedName, .optional(string), literal(qualified.description), inherited: nil)
        add(
            .primaryIdAttribute,
            .optional(string),
            literal(primaryIdAttribute(of: type)),
            inherited: base.flatMap { literal(primaryIdAttribute(of: $0.type)) }
        )
        add(
            .entitySetName,
            .optional(string),
            literal(index.entitySet(of: qualified)),
            inherited: base.flatMap { literal(index.entitySet(of: $0.name)) }
        )
        add(
            .keyAttributes,
            .array(string),
            strings(keyAttributes(of: qualified)),
            inherited: base.flatMap { strings(keyAttributes(of: $0.name)) }
        )
        let alternateKeys = (type.dynamics.map { $0.keys.map(\.attributes) } ?? type.alternateKeys).compactMap(strings)
        add(.alternateKeys, .array(.array(string)), alternateKeys.isEmpty ? nil : .array(alternateKeys), inherited: nil)
        add(.primaryNameAttribute, .optional(string), literal(type.dynamics?.primaryNameAttribute), inherited: nil)
        add(
            .objectTypeCode,
            .optional(.named("Swift.Int")),
            type.dynamics?.objectTypeCode.map { .literal(.integer(Int64($0))) },
            inherited: nil
        )
        return members
    }

    /// The Dynamics primary id attribute, or a single `Edm.Guid` key property.
    private func primaryIdAttribute(of type: EntityType) -> String? {
        if let id = type.dynamics?.primaryIDAttribute { return id }
        guard type.key.count == 1, let key = type.properties.first(where: { $0.name == type.key[0].name }),
            key.type.primitive == .guid, !key.type.isCollection
        else { return nil }
        return key.dynamics?.logicalName ?? key.name
    }

    /// The key's attributes; a derived type has its base's key.
    private func keyAttributes(of qualified: QualifiedName) -> [String] {
        let lineage = lineage(of: qualified)
        guard let keyed = lineage.first(where: { !$0.type.key.isEmpty })?.type else { return [] }
        return keyed.key.map { ref in
            lineage.lazy.compactMap { $0.type.properties.first { $0.name == ref.name } }.first?.dynamics?.logicalName
                ?? ref.name
        }
    }
}
