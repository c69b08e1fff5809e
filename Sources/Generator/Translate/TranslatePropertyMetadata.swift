import MetadataModel
import SwiftEmitter

extension GenerationContext {
    /// `propertyMetadata` of the type named `owner`: a table (see `PropertyMetadata.table` of the runtime) with the
    /// format's version first (the oldest that holds it), then a line per generated property, and the types its complex and navigation
    /// properties refer to. One string literal per type, not an array literal of values: Microsoft Graph's 8,000
    /// properties compile several seconds faster.
    func propertyMetadataDeclaration(
        of owner: String,
        _ plans: [PropertyPlan],
        modifiers: [Modifier],
        access: AccessLevel
    ) -> Declaration {
        var types: [String] = []
        var positions: [String: Int] = [:]  // Of `types`: a class may refer to every table (`systemuser`).
        func reference(_ type: String) -> [String] {
            if positions[type] == nil {
                positions[type] = types.count
                types.append(type)
            }
            return ["#\(positions[type] ?? 0)"]
        }
        let lines = plans.map { plan -> [String] in
            var fields = [Self.tableField(plan.swiftName) + ":", Self.tableField(plan.attributeKey)]
            var kind = plan.type.runtimeType.kind.rawValue
            var references: [String] = []
            switch plan.type.runtimeType {
            case .simple: break
            case .complex(let type), .navigation(let type): references = reference(type)
            case .lookup(let targets):
                references = targets.map {
                    [$0.logicalName, $0.navigationProperty, $0.entitySetName].map(Self.tableField)
                        .joined(separator: "/")
                }
            }
            if plan.type.isCollection { kind = "[" + kind + "]" }
            fields.append(kind)
            fields += references
            if plan.containsTarget { fields.append(RuntimeContract.propertyTableContainedField) }
            if plan.propertyName != plan.attributeKey { fields.append("payload=" + Self.tableField(plan.propertyName)) }
            return Self.wrapped(fields)
        }
        // The oldest format that holds the table, so that code of a model using nothing newer runs with older runtimes.
        let format =
            plans.contains(where: \.containsTarget)
            ? RuntimeContract.propertyTableVersion : RuntimeContract.propertyTableBaseVersion
        let version = "\(RuntimeContract.propertyTableVersionKeyword) \(format)"
        var arguments = [
            Argument(label: RuntimeContract.Member.of.rawValue, .metatype(.named(owner))),
            Argument(.literal(.lines([version] + lines.flatMap { $0 }))),
        ]
        if !types.isEmpty { arguments.append(Argument(.array(types.map { .metatype(.named($0)) }))) }
        let metadata = RuntimeContract.TypeName.propertyMetadata
        let table = Expression.member(.typeReference(metadata.type), RuntimeContract.Member.propertyTable.rawValue)
        return .documented(
            Documentation(["Each property's Swift name, storage name, type and name in payloads."]),
            .variable(
                VariableDeclaration(
                    access: access,
                    modifiers: modifiers,
                    name: RuntimeContract.ClassProperty.propertyMetadata.rawValue,
                    type: .array(metadata.type),
                    kind: .computed(getter: [.expression(.call(table, arguments))], setter: nil)
                )
            )
        )
    }

    /// A table line's fields, on continuation lines (indented, see `PropertyMetadata.table`) where the line would
    /// pass 100 characters — the column where a table line of a class ends up after its indentation is 12.
    private static func wrapped(_ fields: [String]) -> [String] {
        var lines = [fields[0]]
        var width = fields[0].count  // The last line's, counted as it grows.
        for field in fields.dropFirst() {
            let length = field.count
            if width + 1 + length > 100 {
                lines.append("    " + field)
                width = 4 + length
            } else {
                lines[lines.count - 1] += " " + field
                width += 1 + length
            }
        }
        return lines
    }

    /// The characters the property table's syntax uses, each one ASCII byte.
    private static let tableSyntax = " %/#=:[]\"\\"

    /// Whether a byte is one of `tableSyntax`.
    private static let isTableSyntaxByte = (0..<256).map { tableSyntax.utf8.contains(UInt8($0)) }

    /// A name as a table field: percent-encoded where it holds a character the table's syntax uses.
    private static func tableField(_ name: String) -> String {
        // Every character the syntax uses is one ASCII byte: a name with none of them is its own field.
        if !name.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || isTableSyntaxByte[Int($0)] }) { return name }
        var field = ""
        for scalar in name.unicodeScalars {
            if tableSyntax.unicodeScalars.contains(scalar) || scalar.value < 0x20 || scalar.value == 0x7F {
                for byte in String(scalar).utf8 {
                    field += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
                }
            } else {
                field.unicodeScalars.append(scalar)
            }
        }
        return field
    }

    /// `.lookup([…])`: for each entity a Dataverse lookup may refer to, the navigation property that binds it and
    /// the target's entity set. The navigation property comes from the entity metadata's many-to-one relationship
    /// on the lookup, else from the CSDL navigation property whose referential constraint names the lookup's
    /// `_x_value` property and whose type is the target or one of its base types. Targets with neither, or whose
    /// entity set is unknown, are left out (the runtime reports them when such a reference is written).
    func lookupType(_ property: Property, entity: QualifiedName) -> RuntimeType {
        let logicalName = property.dynamics?.logicalName ?? property.name
        let sources = lookupSources(of: entity)
        let relationships = sources.relationships[logicalName] ?? []
        let navigations = sources.navigations.filter { navigation in
            navigation.referentialConstraints.contains { $0.property == property.name }
        }
        var targets: [LookupTargetPlan] = []
        for target in property.dynamics?.targets ?? [] {
            guard let targetName = entityByLogicalName[target]?.name, let entitySet = index.entitySet(of: targetName)
            else { continue }
            let targetLineage = Set(lineage(of: targetName).map(\.name))
            let navigation =
                relationships.first { $0.referencedEntity == target }?.referencingNavigationProperty
                ?? navigations.first { $0.type.name == targetName }?.name
                ?? navigations.first { targetLineage.contains($0.type.name) }?.name
            guard let navigation else { continue }
            targets.append(
                LookupTargetPlan(logicalName: target, navigationProperty: navigation, entitySetName: entitySet)
            )
        }
        return .lookup(targets)
    }
}

extension GenerationContext {
    /// What binds the lookups of `entity` and its base types: the many-to-one relationships with a navigation property,
    /// by referencing attribute, and the navigation properties, nearest type first. Gathered once per entity.
    func lookupSources(of entity: QualifiedName) -> LookupSources {
        if let known = lookupSourcesCache[entity] { return known }
        let ancestry = lineage(of: entity).map(\.type)
        var relationships: [String: [DynamicsRelationship]] = [:]
        for relationship in ancestry.flatMap({ $0.dynamics?.relationships ?? [] })
        where relationship.kind != .manyToMany && relationship.referencingNavigationProperty != nil {
            guard let attribute = relationship.referencingAttribute else { continue }
            relationships[attribute, default: []].append(relationship)
        }
        let sources = LookupSources(relationships: relationships, navigations: ancestry.flatMap(\.navigationProperties))
        lookupSourcesCache[entity] = sources
        return sources
    }

    /// `.lookup([…])` of a Dynamics party list: for each entity a party may be a record of, the `activityparty`
    /// navigation property that binds a party to it in the Web API (`partyid_contact`, from the `activityparty`
    /// entity's relationships on `partyid` when the model has them) and the entity's set. Targets without an entity
    /// set are left out, as for lookups.
    func partyListType(_ property: Property) -> RuntimeType {
        let party = entityByLogicalName["activityparty"]
        let relationships = (party.map { lineage(of: $0.name).map(\.type) } ?? [])
            .flatMap { $0.dynamics?.relationships ?? [] }
            .filter { $0.kind != .manyToMany && $0.referencingAttribute == "partyid" }
        var targets: [LookupTargetPlan] = []
        for target in property.dynamics?.targets ?? [] {
            guard let targetName = entityByLogicalName[target]?.name, let entitySet = index.entitySet(of: targetName)
            else { continue }
            let convention = "partyid_" + target
            let navigation =
                relationships.first { $0.referencedEntity == target }?.referencingNavigationProperty ?? convention
            targets.append(
                LookupTargetPlan(logicalName: target, navigationProperty: navigation, entitySetName: entitySet)
            )
        }
        return .lookup(targets)
    }
}
