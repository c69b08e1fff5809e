import MetadataModel
import SwiftEmitter

extension GenerationContext {
    /// An entity type as an `Entity` subclass: type metadata, attribute-name constants, one typed
    /// property per property or attribute, one per navigation property. The properties are `final`:
    /// they only read and write the runtime's storage, and statically dispatched accessors keep
    /// large models quick to compile.
    ///
    /// `inheritedNames` holds the member names of the base classes, which this class must not reuse.
    func translateEntityType(_ qualified: QualifiedName, _ type: EntityType, inheritedNames: UniqueNames) -> (Declaration, UniqueNames) {
        let className = typeNames.name(of: qualified) ?? type.name
        var names = inheritedNames
        let properties = plan(type.properties, owner: type.name, entity: qualified, names: &names)
        let navigations = planNavigations(type.navigationProperties, owner: type.name, names: &names)

        var members: [Declaration] = []
        members.append(classProperty("entityLogicalName", type: .named("Swift.String"), value: .string(type.dynamics?.logicalName ?? type.name)))
        members.append(classProperty("entityQualifiedName", type: .optional(.named("Swift.String")), value: .string(qualified.description)))
        if let primaryId = primaryIdAttribute(of: type) {
            members.append(classProperty("primaryIdAttribute", type: .optional(.named("Swift.String")), value: .string(primaryId)))
        }
        if let entitySet = entitySetName(of: qualified, type) {
            members.append(classProperty("entitySetName", type: .optional(.named("Swift.String")), value: .string(entitySet)))
        }
        let keyAttributes = keyAttributes(of: qualified)
        if !keyAttributes.isEmpty, type.baseType == nil || type.key.count > 0 {
            members.append(.variable(VariableDeclaration(
                access: classAccess, modifiers: [.override, .class], name: "keyAttributes", type: .array(.named("Swift.String")),
                kind: .computed(getter: [.expression(.array(keyAttributes.map { .literal(.string($0)) }))], setter: nil))))
        }
        if !properties.isEmpty || !navigations.isEmpty {
            members.append(propertyMetadataDeclaration(properties + navigations, modifiers: [.override, .class], access: classAccess))
        }
        members.append(entityInfo(qualified, type))
        if !properties.isEmpty {
            members.append(.documented(Documentation(["The attributes' logical names."]), .enum(NominalDeclaration(
                access: access, name: "Attribute",
                members: properties.map { constant($0.swiftName, .named("Swift.String"), .literal(.string($0.attributeKey))) }))))
        }
        for plan in properties {
            let key = Expression.literal(.string(plan.attributeKey))
            let getter = [Statement.expression(.call(.identifier(plan.type.isCollection ? "getValues" : "getValue"), [Argument(key)]))]
            let setterName = plan.isOptionSetCollection ? "setOptionSetValues" : (plan.type.isCollection ? "setValues" : "setValue")
            let setter = [Statement.expression(.call(.identifier(setterName), [Argument(.identifier("newValue")), Argument(label: "for", key)]))]
            members.append(.documented(plan.documentation, .variable(VariableDeclaration(
                access: access, modifiers: [.final], name: plan.swiftName, type: plan.type.propertyType,
                kind: .computed(getter: getter, setter: plan.isReadOnly ? nil : setter)))))
        }
        for navigation in navigations {
            let key = Expression.literal(.string(navigation.attributeKey))
            let collection = navigation.type.isCollection
            let getter = [Statement.expression(.call(.identifier(collection ? "getRelatedCollection" : "getRelated"), [Argument(key)]))]
            let setter = [Statement.expression(.call(.identifier(collection ? "setRelatedCollection" : "setRelated"), [Argument(.identifier("newValue")), Argument(label: "for", key)]))]
            members.append(.documented(navigation.documentation, .variable(VariableDeclaration(
                access: access, modifiers: [.final], name: navigation.swiftName, type: navigation.type.propertyType,
                kind: .computed(getter: getter, setter: setter)))))
        }

        let superclass: TypeName
        if let base = type.baseType, let baseName = typeNames.name(of: base), entityIndex[base] != nil {
            superclass = .named(baseName)
        } else {
            if let base = type.baseType {
                warning("entity type \(type.name) derives from '\(base)', which is not generated; its class derives from MobileSdk.Entity", at: type.location)
            }
            superclass = .named("MobileSdk.Entity")
        }
        var text = DocumentationText()
        if let info = type.dynamics {
            text.add(info.displayName.text)
            text.add(info.description.text)
        }
        text.add(type.displayLabel)
        text.add(type.coreDescription)
        text.add(type.longDescription)
        let documentation = text.documentation(remark: "Generated from entity type `\(qualified)` (\(source(type.location))).")
        let declaration = Declaration.documented(documentation, .class(ClassDeclaration(
            access: classAccess, name: className, superclass: superclass, members: members)))
        return (declaration, names)
    }

    /// `open override class var name: Type { value }`.
    private func classProperty(_ name: String, type: TypeName, value: Literal) -> Declaration {
        .variable(VariableDeclaration(
            access: classAccess, modifiers: [.override, .class], name: name, type: type,
            kind: .computed(getter: [.expression(.literal(value))], setter: nil)))
    }

    /// The Dynamics primary id attribute, or a single `Edm.Guid` key property.
    private func primaryIdAttribute(of type: EntityType) -> String? {
        if let id = type.dynamics?.primaryIdAttribute { return id }
        guard type.key.count == 1, let key = type.properties.first(where: { $0.name == type.key[0].name }),
              key.type.primitive == .guid, !key.type.isCollection else { return nil }
        return key.dynamics?.logicalName ?? key.name
    }

    /// `enum EntityInfo`: entity set, key, alternate keys and, for Dynamics, type code and primary name.
    private func entityInfo(_ qualified: QualifiedName, _ type: EntityType) -> Declaration {
        let string = { (value: String?) -> Expression in value.map { .literal(.string($0)) } ?? .literal(.nil) }
        let strings = { (values: [String]) -> Expression in .array(values.map { .literal(.string($0)) }) }
        let alternateKeys = type.dynamics.map { $0.keys.map(\.attributes) } ?? type.alternateKeys
        var members: [Declaration] = [
            constant("entitySetName", .optional(.named("Swift.String")), string(entitySetName(of: qualified, type))),
            constant("key", .array(.named("Swift.String")), strings(keyAttributes(of: qualified))),
            constant("alternateKeys", .array(.array(.named("Swift.String"))), .array(alternateKeys.map(strings))),
        ]
        if let info = type.dynamics {
            members.append(constant("primaryNameAttribute", .optional(.named("Swift.String")), string(info.primaryNameAttribute)))
            members.append(constant("objectTypeCode", .optional(.named("Swift.Int")), info.objectTypeCode.map { .literal(.integer(Int64($0))) } ?? .literal(.nil)))
        }
        return .documented(Documentation(["Where the service keeps this entity and how it is keyed."]), .enum(NominalDeclaration(access: access, name: "EntityInfo", members: members)))
    }

    /// The key's attributes; a derived type has its base's key.
    private func keyAttributes(of qualified: QualifiedName) -> [String] {
        let lineage = ancestry(of: qualified)
        guard let keyed = lineage.first(where: { !$0.type.key.isEmpty })?.type else { return [] }
        return keyed.key.map { ref in
            lineage.lazy.compactMap { $0.type.properties.first { $0.name == ref.name } }.first?.dynamics?.logicalName ?? ref.name
        }
    }

    /// The entity set: a derived type lives in its base's entity set unless it has its own.
    private func entitySetName(of qualified: QualifiedName, _ type: EntityType) -> String? {
        type.dynamics?.entitySetName ?? ancestry(of: qualified).lazy.compactMap { self.entitySetNames[$0.name] }.first
    }

    /// The type and its base types, nearest first.
    private func ancestry(of name: QualifiedName) -> [(name: QualifiedName, type: EntityType)] {
        var lineage: [(name: QualifiedName, type: EntityType)] = []
        var current: QualifiedName? = name
        while let name = current, let type = entityIndex[name], !lineage.contains(where: { $0.name == name }) {
            lineage.append((name, type))
            current = type.baseType
        }
        return lineage
    }

    /// `static var name: Type { value }`: computed, because a stored static is a lazily initialized global —
    /// an initializer, a once-token and an addressor per constant, thousands of them in a large model.
    private func constant(_ name: String, _ type: TypeName, _ value: Expression) -> Declaration {
        .variable(VariableDeclaration(access: access, modifiers: [.static], name: name, type: type, kind: .computed(getter: [.expression(value)], setter: nil)))
    }

    /// Navigation properties whose targets are generated.
    private func planNavigations(_ navigations: [NavigationProperty], owner: String, names: inout UniqueNames) -> [PropertyPlan] {
        navigations.compactMap { navigation in
            guard let target = typeNames.name(of: navigation.type.name), entityIndex[navigation.type.name] != nil else {
                note("navigation property \(owner).\(navigation.name) is not generated: its target '\(navigation.type.name)' is not generated", at: navigation.location)
                return nil
            }
            let preferred = configuration.propertyNaming == .lowerCamelCase ? IdentifierNaming.lowerCamelCase(navigation.name) : IdentifierNaming.sanitized(navigation.name)
            let (name, changed) = names.claim(preferred, suffix: "Value")
            if changed {
                note("navigation property \(owner).\(navigation.name) is generated as '\(name)': '\(preferred)' is taken", at: navigation.location)
            }
            var text = navigation.documentationText
            text.add(navigation.sap?.label)
            let remark = "Generated from navigation property `\(navigation.name)` to `\(navigation.type)`\(navigation.containsTarget ? ", containing its targets" : "") (\(source(navigation.location)))."
            return PropertyPlan(
                swiftName: name, attributeKey: navigation.name, propertyName: navigation.name,
                type: MappedType(element: .named(target), isCollection: navigation.type.isCollection,
                                 runtimeType: .navigation(target)),
                isReadOnly: false, isOptionSetCollection: false, documentation: text.documentation(remark: remark))
        }
    }
}
