import MetadataModel
import SwiftEmitter

/// Translates a model into Swift declarations, and renders them into source files.
public struct ModelTranslator: Sendable {
    /// The filters, naming, type prefix, access level and registry name to generate with.
    public var configuration: GeneratorConfiguration

    /// Creates a translator with `configuration`, the defaults when omitted.
    public init(configuration: GeneratorConfiguration = GeneratorConfiguration()) { self.configuration = configuration }

    /// Translates every type of the model: entity classes (bases first, so that each class knows its inherited member
    /// names), complex types, enum types, type definitions, option sets, operation requests and services.
    public func translate(_ service: Service, index: ModelIndex? = nil) -> TranslatedModel {
        translate(service, index: index, whenTranslated: nil)
    }

    /// `translate(_:index:)`, handing each type to `whenTranslated` as soon as it is translated, in the model's order.
    func translate(
        _ service: Service,
        index: ModelIndex?,
        whenTranslated: ((_ type: (name: String, declaration: Declaration)) -> Void)?
    ) -> TranslatedModel {
        let context = GenerationContext(
            service: service,
            index: index ?? ModelIndex(service),
            configuration: configuration
        )
        context.warnAboutMissingEntityDefinitions()
        context.nameTypes()
        var types: [(name: String, declaration: Declaration)] = []
        func add(_ name: String, _ declaration: Declaration) {
            types.append((name, declaration))
            whenTranslated?((name, declaration))
        }

        var translated: [QualifiedName: (declaration: Declaration, names: UniqueNames)] = [:]
        // Bases first: each class knows the member names of the classes above it.
        func translate(_ name: QualifiedName) -> UniqueNames {
            if let done = translated[name] { return done.names }
            var inherited = UniqueNames(reserved: RuntimeContract.entityMembers)
            guard let type = context.entityIndex[name] else { return inherited }
            if let base = context.index.lineage(of: name).dropFirst().first, context.entityIndex[base] != nil {
                inherited = translate(base)
            }
            let result = context.translateEntityType(name, type, inheritedNames: inherited)
            translated[name] = result
            return result.1
        }
        var classNames: [String] = []
        for (name, _) in context.entityTypes {
            _ = translate(name)
            guard let declaration = translated[name]?.declaration, let swiftName = context.typeNames.name(of: name)
            else { continue }
            add(swiftName, declaration)
            classNames.append(swiftName)
        }

        let operationPlans = context.planOperations()
        let reachable = context.reachableTypes(operations: operationPlans)
        var complexCount = 0
        var enumCount = 0
        var optionSetCount = 0
        for schema in service.schemas {
            for type in schema.complexTypes {
                let name = QualifiedName(namespace: schema.namespace, name: type.name)
                if let reachable, !reachable.contains(name) { continue }
                add(context.typeNames.name(of: name) ?? type.name, context.translateComplexType(name, type))
                complexCount += 1
            }
            for type in schema.enumTypes {
                let name = QualifiedName(namespace: schema.namespace, name: type.name)
                if let reachable, !reachable.contains(name) { continue }
                guard let swiftName = context.typeNames.name(of: name) else { continue }
                add(swiftName, context.translateEnumType(name, type))
                enumCount += 1
            }
            for definition in schema.typeDefinitions {
                let name = QualifiedName(namespace: schema.namespace, name: definition.name)
                if let reachable, !reachable.contains(name) { continue }
                if let declaration = context.translateTypeDefinition(name, definition) {
                    add(context.typeNames.name(of: name) ?? definition.name, declaration)
                }
            }
        }
        var emittedOptionSets: Set<String> = []
        for (name, type) in context.entityTypes {
            // Only the attributes with an option set are copied to be looked at.
            for index in type.properties.indices where type.properties[index].dynamics?.optionSet != nil {
                let property = type.properties[index]
                guard context.admits(property, of: name), let set = property.dynamics?.optionSet,
                    let key = context.optionSetKey(set, entity: name, property: property),
                    let swiftName = context.typeNames.optionSetNames[key], emittedOptionSets.insert(swiftName).inserted
                else { continue }
                let attribute = property.dynamics?.logicalName ?? property.name
                let renameKeys =
                    (set.name.map { [$0] } ?? [])
                    + (set.isGlobal
                        ? [] : GenerationContext.names(of: type, qualified: name).map { $0 + "." + attribute })
                add(swiftName, context.translateOptionSet(set, name: swiftName, renameKeys: renameKeys))
                optionSetCount += 1
            }
        }

        typealias OperationPlan = GenerationContext.OperationPlan
        var operations: [(plan: OperationPlan, initializer: [FunctionDeclaration.Parameter], response: TypeName)] = []
        for plan in operationPlans {
            guard let translated = context.translateOperation(plan) else { continue }
            add(plan.structName, translated.declaration)
            operations.append((plan, translated.initializer, translated.response))
        }
        for schema in service.schemas {
            for container in schema.entityContainers {
                let (name, declaration) = context.translateService(
                    container,
                    namespace: schema.namespace,
                    operations: operations
                )
                add(name, declaration)
            }
        }
        let registry = context.translateRegistry(classNames)
        context.reportUnmatchedRenames()
        context.reportUnmatchedOptionSetParameters()
        return TranslatedModel(
            types: types,
            registry: registry,
            diagnostics: context.diagnostics,
            renames: context.renames.matches.map { ($0.id, $0.what) },
            entityClasses: classNames.count,
            complexTypes: complexCount,
            enumTypes: enumCount,
            optionSets: optionSetCount,
            operations: operations.count
        )
    }
}
