import MetadataModel
import SwiftEmitter

extension GenerationContext {
    /// A complex type as a value type over an attribute dictionary, its properties reading and writing it through the
    /// runtime's hooks as an entity's do. Swift structs do not inherit, so a derived complex type also holds its base
    /// types' properties.
    func translateComplexType(_ qualified: QualifiedName, _ type: ComplexType) -> Declaration {
        let name = typeNames.name(of: qualified) ?? type.name
        // The base types' properties first, as the root declares them.
        let chain = [type] + index.complexLineage(of: qualified).dropFirst().map(\.type)
        let declared = chain.reversed().flatMap(\.properties)
        var names = UniqueNames(reserved: RuntimeContract.complexMembers)
        let renamed = claimRenamedMembers(
            owners: [type.name, qualified.description],
            members: declared.map { ([$0.name], "property \(qualified)/\($0.name)") },
            in: name,
            names: &names
        )
        let properties = plan(declared, owner: qualified, entity: nil, renamed: renamed, names: &names)
        for navigation in type.navigationProperties {
            warning(
                """
                navigation property \(type.name).\(navigation.name) of a complex type is not generated: \
                complex values hold no related entities
                """,
                at: navigation.location
            )
        }
        let attributes = RuntimeContract.Member.attributes.rawValue
        let dictionary = TypeName.dictionary(
            key: .named("Swift.String"),
            value: RuntimeContract.TypeName.attributeValue.type
        )
        var members: [Declaration] = [
            .variable(VariableDeclaration(access: access, name: attributes, type: dictionary, kind: .stored(nil))),
            .function(
                FunctionDeclaration(
                    access: access,
                    kind: .initializer(failable: false),
                    parameters: [.init(name: attributes, type: dictionary, defaultValue: .dictionary([]))],
                    body: [.assignment(.member(.selfReference, attributes), .identifier(attributes))]
                )
            ),
        ]
        if !properties.isEmpty {
            members.append(propertyMetadataDeclaration(of: name, properties, modifiers: [.static], access: access))
        }
        for plan in properties {
            let (get, set) =
                plan.type.isCollection
                ? (RuntimeContract.Accessor.getAll, RuntimeContract.Accessor.setAll) : (.get, .set)
            members.append(
                .documented(
                    plan.documentation,
                    .variable(
                        VariableDeclaration(
                            access: access,
                            name: plan.swiftName,
                            type: plan.type.propertyType,
                            kind: .computed(getter: get.body(), setter: plan.isReadOnly ? nil : set.setterBody)
                        )
                    )
                )
            )
        }
        var text = type.documentationText
        if let base = type.baseType { text.add("Includes the properties of its base type `\(base)`.") }
        return .documented(
            text.documentation(remark: "Generated from complex type `\(qualified)`."),
            .struct(
                NominalDeclaration(
                    access: access,
                    name: name,
                    conformances: [RuntimeContract.TypeName.complexValue.type],
                    members: members
                )
            )
        )
    }

    /// A type definition as a type alias of its underlying type.
    func translateTypeDefinition(_ qualified: QualifiedName, _ definition: TypeDefinition) -> Declaration? {
        guard let primitive = TypeReference(name: definition.underlyingType).primitive,
            let type = Self.swiftType(primitive)
        else {
            warning(
                """
                type definition \(definition.name) is not generated: \
                its underlying type '\(definition.underlyingType)' has no Swift type
                """,
                at: definition.location
            )
            return nil
        }
        let name = typeNames.name(of: qualified) ?? definition.name
        return .documented(
            definition.documentationText.documentation(remark: "Generated from type definition `\(qualified)`."),
            .typealias(TypealiasDeclaration(access: access, name: name, type: type))
        )
    }
}
