import MetadataModel
import SwiftEmitter

extension GenerationContext {
    /// `propertyMetadata`: one `.init(name, type, …)` per generated property, for the runtime's JSON codecs.
    ///
    /// Large array literals type-check in more than linear time, so a type with many properties gets its list in
    /// chunks of ``metadataChunkSize``, one private function each, joined by the property.
    func propertyMetadataDeclarations(_ plans: [PropertyPlan], modifiers: [Modifier], access: AccessLevel) -> [Declaration] {
        let entries = plans.map { plan -> Expression in
            var arguments = [Argument(.literal(.string(plan.attributeKey))), Argument(plan.type.runtimeType)]
            if plan.type.isCollection { arguments.append(Argument(label: "collection", .literal(.boolean(true)))) }
            if plan.propertyName != plan.attributeKey { arguments.append(Argument(label: "propertyName", .literal(.string(plan.propertyName)))) }
            return .call(.member(nil, "init"), arguments)
        }
        let type = TypeName.array(.named("MobileSdk.PropertyMetadata"))
        let documentation = Documentation(["How each property is typed and named in payloads."])
        guard entries.count > Self.metadataChunkSize else {
            return [.documented(documentation, .variable(VariableDeclaration(
                access: access, modifiers: modifiers, name: "propertyMetadata", type: type,
                kind: .computed(getter: [.expression(.arrayLines(entries))], setter: nil))))]
        }
        let chunks = stride(from: 0, to: entries.count, by: Self.metadataChunkSize).map {
            Array(entries[$0..<min(entries.count, $0 + Self.metadataChunkSize)])
        }
        let names = chunks.indices.map { "_propertyMetadata\($0)" }
        let joined = Expression.call(.identifier("Swift.Array"), [Argument(.call(
            .member(.array(names.map { .call(.identifier($0), []) }), "joined"), []))])
        var declarations: [Declaration] = [.documented(documentation, .variable(VariableDeclaration(
            access: access, modifiers: modifiers, name: "propertyMetadata", type: type,
            kind: .computed(getter: [.expression(joined)], setter: nil))))]
        for (name, chunk) in zip(names, chunks) {
            declarations.append(.function(FunctionDeclaration(
                access: .private, modifiers: [.static], kind: .function(name: name), returnType: type,
                body: [.expression(.arrayLines(chunk))])))
        }
        return declarations
    }

    /// Entries per array literal of `propertyMetadata`.
    static let metadataChunkSize = 50

    /// `.lookup([…])`: for each entity a Dataverse lookup may refer to, the navigation property that binds it and
    /// the target's entity set. The navigation property comes from the entity metadata's many-to-one relationship
    /// on the lookup, else from the CSDL navigation property whose referential constraint names the lookup's
    /// `_x_value` property and whose type is the target or one of its base types. Targets with neither, or whose
    /// entity set is unknown, are left out (the runtime reports them when such a reference is written).
    func lookupType(_ property: Property, entity: QualifiedName) -> Expression {
        let logicalName = property.dynamics?.logicalName ?? property.name
        let lineage = ancestryTypes(of: entity)
        let relationships = lineage.flatMap { $0.dynamics?.relationships ?? [] }.filter {
            $0.kind != .manyToMany && $0.referencingAttribute == logicalName && $0.referencingNavigationProperty != nil
        }
        let navigations = lineage.flatMap(\.navigationProperties).filter { navigation in
            navigation.referentialConstraints.contains { $0.property == property.name }
        }
        var targets: [Expression] = []
        for target in property.dynamics?.targets ?? [] {
            guard let (targetName, targetType) = entityByLogicalName[target],
                  let entitySet = targetType.dynamics?.entitySetName ?? entitySetNames[targetName] else { continue }
            let targetLineage = Set(ancestryTypeNames(of: targetName))
            let navigation = relationships.first { $0.referencedEntity == target }?.referencingNavigationProperty
                ?? navigations.first { $0.type.name == targetName }?.name
                ?? navigations.first { targetLineage.contains($0.type.name) }?.name
            guard let navigation else { continue }
            targets.append(.call(.member(nil, "init"), [
                Argument(.literal(.string(target))),
                Argument(label: "navigationProperty", .literal(.string(navigation))),
                Argument(label: "entitySetName", .literal(.string(entitySet))),
            ]))
        }
        return .call(.member(nil, "lookup"), [Argument(.array(targets))])
    }

    /// An entity type and its base types, nearest first.
    private func ancestryTypes(of name: QualifiedName) -> [EntityType] {
        ancestryTypeNames(of: name).compactMap { entityIndex[$0] ?? allEntityTypes[$0] }
    }

    /// The names of an entity type and its base types, nearest first (generated or not).
    private func ancestryTypeNames(of name: QualifiedName) -> [QualifiedName] {
        var result: [QualifiedName] = []
        var current: QualifiedName? = name
        while let name = current, !result.contains(name), let type = allEntityTypes[name] {
            result.append(name)
            current = type.baseType
        }
        return result
    }
}
