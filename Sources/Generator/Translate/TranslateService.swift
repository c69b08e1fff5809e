import MetadataModel
import SwiftEmitter

extension GenerationContext {
    /// A service struct for an entity container: an accessor per entity set and singleton whose type is generated,
    /// and a method per action or function import, which sends the import's request.
    func translateService(
        _ container: EntityContainer,
        namespace: String,
        operations: [(plan: OperationPlan, initializer: [FunctionDeclaration.Parameter], response: TypeName)]
    ) -> (name: String, declaration: Declaration) {
        let base = IdentifierNaming.upperCamelCase(container.name)
        let name = typeNames.claim(
            extra: configuration.typePrefix + base + (base.hasSuffix("Service") ? "" : "Service")
        )
        var names = UniqueNames(reserved: RuntimeContract.serviceMembers)
        let clientName = RuntimeContract.Member.client.rawValue
        let client = TypeName.named("any " + RuntimeContract.TypeName.odataServiceClient.qualified)
        var members: [Declaration] = [
            .documented(
                Documentation(["Sends the requests: an `ODataClient`."]),
                .variable(VariableDeclaration(access: access, name: clientName, type: client, kind: .stored(nil)))
            )
        ]
        members.append(
            .function(
                FunctionDeclaration(
                    access: access,
                    kind: .initializer(failable: false),
                    parameters: [.init(name: clientName, type: client)],
                    body: [.assignment(.member(.selfReference, clientName), .identifier(clientName))]
                )
            )
        )
        let accessor = { (name: String) -> Expression in
            .call(
                .member(nil, "init"),
                [
                    Argument(label: clientName, .identifier(clientName)),
                    Argument(label: RuntimeContract.Member.name.rawValue, .literal(.string(name))),
                ]
            )
        }
        for set in container.entitySets {
            guard entityIndex[set.entityType] != nil, let className = typeNames.name(of: set.entityType) else {
                continue
            }
            let property = names.claim(IdentifierNaming.lowerCamelCase(set.name), suffix: "Set").name
            members.append(
                .documented(
                    Documentation(["The \(className) records of `\(set.name)`."]),
                    .variable(
                        VariableDeclaration(
                            access: access,
                            name: property,
                            type: .generic(RuntimeContract.TypeName.entitySetAccessor.qualified, [.named(className)]),
                            kind: .computed(getter: [.expression(accessor(set.name))], setter: nil)
                        )
                    )
                )
            )
        }
        for singleton in container.singletons {
            guard entityIndex[singleton.type] != nil, let className = typeNames.name(of: singleton.type) else {
                continue
            }
            let property = names.claim(IdentifierNaming.lowerCamelCase(singleton.name), suffix: "Singleton").name
            members.append(
                .documented(
                    Documentation(["The singleton `\(singleton.name)`."]),
                    .variable(
                        VariableDeclaration(
                            access: access,
                            name: property,
                            type: .generic(RuntimeContract.TypeName.singletonAccessor.qualified, [.named(className)]),
                            kind: .computed(getter: [.expression(accessor(singleton.name))], setter: nil)
                        )
                    )
                )
            )
        }
        let importNames = Set(container.actionImports.map(\.name) + container.functionImports.map(\.name))
        // One method name per import; the overloads of an import share it.
        var methods: [String: String] = [:]
        for operation in operations
        where !operation.plan.operation.isBound && importNames.contains(operation.plan.urlName) {
            let method =
                methods[operation.plan.urlName]
                ?? names.claim(IdentifierNaming.lowerCamelCase(operation.plan.urlName), suffix: "Operation").name
            methods[operation.plan.urlName] = method
            let arguments = operation.initializer.map { Argument(label: $0.label ?? $0.name, .identifier($0.name)) }
            let request = Expression.call(.typeReference(.named(operation.plan.structName)), arguments)
            let call = Expression.try(
                .await(
                    .call(.member(.identifier(clientName), RuntimeContract.Member.invoke.rawValue), [Argument(request)])
                )
            )
            members.append(
                .documented(
                    Documentation(["Sends ``\(operation.plan.structName)``."]),
                    .function(
                        FunctionDeclaration(
                            access: access,
                            modifiers: [.nonisolatedNonsending],
                            kind: .function(name: method),
                            parameters: operation.initializer,
                            isAsync: true,
                            isThrowing: true,
                            returnType: operation.response,
                            body: [.return(call)]
                        )
                    )
                )
            )
        }
        var text = DocumentationText()
        text.add("The requests of entity container `\(container.name)`: its entity sets, singletons and imports.")
        let documentation = text.documentation(
            remark: "Generated from entity container `\(namespace).\(container.name)`."
        )
        return (
            name,
            .documented(
                documentation,
                .struct(
                    NominalDeclaration(
                        access: access,
                        name: name,
                        conformances: [.named("Swift.Sendable")],
                        members: members
                    )
                )
            )
        )
    }
}
