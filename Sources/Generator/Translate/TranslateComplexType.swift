import MetadataModel
import SwiftEmitter

extension GenerationContext {
    /// A complex type as a value type over an attribute dictionary. Swift structs do not inherit,
    /// so a derived complex type also holds its base types' properties.
    func translateComplexType(_ qualified: QualifiedName, _ type: ComplexType) -> Declaration {
        let name = typeNames.name(of: qualified) ?? type.name
        var chain: [ComplexType] = [type]
        var visited: Set<QualifiedName> = [qualified]
        var base = type.baseType
        while let baseName = base, visited.insert(baseName).inserted, let baseType = complexIndex[baseName] {
            chain.insert(baseType, at: 0)
            base = baseType.baseType
        }
        var names = UniqueNames(reserved: ["attributes", "propertyMetadata", "init", "self", "Type", "Protocol", "hashValue"])
        let properties = plan(chain.flatMap(\.properties), owner: type.name, entity: nil, names: &names)
        for navigation in type.navigationProperties {
            warning("navigation property \(type.name).\(navigation.name) of a complex type is not generated: complex values hold no related entities", at: navigation.location)
        }
        let dictionary = TypeName.dictionary(key: .named("Swift.String"), value: .named("MobileSdk.AttributeValue"))
        var members: [Declaration] = [
            .variable(VariableDeclaration(access: access, name: "attributes", type: dictionary, kind: .stored(nil))),
            .function(FunctionDeclaration(
                access: access, kind: .initializer(failable: false),
                parameters: [.init(name: "attributes", type: dictionary, defaultValue: .dictionary([]))],
                body: [.assignment(.member(.identifier("self"), "attributes"), .identifier("attributes"))])),
        ]
        if !properties.isEmpty {
            members.append(propertyMetadataDeclaration(properties, modifiers: [.static], access: access))
        }
        for plan in properties {
            let key = Expression.literal(.string(plan.attributeKey))
            let getter = [Statement.expression(.call(.member(.identifier("attributes"), plan.type.isCollection ? "values" : "value"), [Argument(key)]))]
            let setter = [Statement.expression(.call(.member(.identifier("attributes"), "set"), [Argument(.identifier("newValue")), Argument(label: "for", key)]))]
            members.append(.documented(plan.documentation, .variable(VariableDeclaration(
                access: access, name: plan.swiftName, type: plan.type.propertyType,
                kind: .computed(getter: getter, setter: plan.isReadOnly ? nil : setter)))))
        }
        var text = type.documentationText
        if type.baseType != nil { text.add("Includes the properties of its base type `\(type.baseType?.description ?? "")`.") }
        return .documented(text.documentation(remark: "Generated from complex type `\(qualified)` (\(source(type.location)))."), .struct(NominalDeclaration(
            access: access, name: name, conformances: [.named("MobileSdk.ComplexValue")], members: members)))
    }

    /// A type definition as a type alias of its underlying type.
    func translateTypeDefinition(_ qualified: QualifiedName, _ definition: TypeDefinition) -> Declaration? {
        guard let primitive = TypeReference(name: definition.underlyingType).primitive, let type = Self.swiftType(primitive) else {
            warning("type definition \(definition.name) is not generated: its underlying type '\(definition.underlyingType)' has no Swift type", at: definition.location)
            return nil
        }
        let name = typeNames.name(of: qualified) ?? definition.name
        return .documented(definition.documentationText.documentation(remark: "Generated from type definition `\(qualified)` (\(source(definition.location)))."),
                           .typealias(TypealiasDeclaration(access: access, name: name, type: type)))
    }
}
