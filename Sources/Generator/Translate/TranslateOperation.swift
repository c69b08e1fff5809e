import MetadataModel
import SwiftEmitter

extension GenerationContext {
    /// One action or function overload of the model, ready to translate.
    struct OperationPlan {
        var qualified: QualifiedName
        var operation: Operation
        /// The name in URLs: namespace-qualified when bound, the import's name when unbound.
        var urlName: String
        var structName: String
        /// An OData v2/v3 service operation, made an operation.
        var isServiceOperation = false
    }

    /// The operations that can be invoked and the configuration admits, named: bound ones by their qualified name,
    /// unbound ones through an action or function import, OData v2/v3 service operations by their import's name.
    /// Overloads get the binding type or their parameters in their names.
    func planOperations() -> [OperationPlan] {
        var imports: [QualifiedName: String] = [:]
        var plans: [OperationPlan] = []
        for schema in service.schemas {
            for container in schema.entityContainers {
                for item in container.actionImports where imports[item.action] == nil {
                    imports[item.action] = item.name
                }
                for item in container.functionImports {
                    guard let function = item.function else {
                        if let plan = planServiceOperation(item, namespace: schema.namespace) { plans.append(plan) }
                        continue
                    }
                    if imports[function] == nil { imports[function] = item.name }
                }
            }
        }
        for schema in service.schemas {
            let operations = schema.actions + schema.functions
            let groups = Dictionary(grouping: operations, by: \.name)
            for operation in operations {
                let qualified = QualifiedName(namespace: schema.namespace, name: operation.name)
                let names = [operation.name, qualified.description, operation.isBound ? nil : imports[qualified]]
                guard configuration.operations.admits(names.compactMap { $0 }) else { continue }
                let urlName: String
                if operation.isBound {
                    urlName = qualified.description
                } else if let name = imports[qualified] {
                    urlName = name
                } else {
                    note(
                        """
                        \(operation.kind.rawValue) \(operation.name) is not generated: \
                        it is unbound and no import exposes it
                        """,
                        at: operation.location
                    )
                    continue
                }
                let overloads = groups[operation.name] ?? []
                var preferred = IdentifierNaming.upperCamelCase(operation.name)
                if overloads.count > 1 {
                    if let binding = operation.bindingType,
                        Set(overloads.map { $0.bindingType?.description ?? "" }).count > 1
                    {
                        preferred +=
                            "On" + (binding.isCollection ? "Collection" : "")
                            + IdentifierNaming.upperCamelCase(binding.name.name)
                    }
                    let sameBinding = overloads.filter { $0.bindingType == operation.bindingType }
                    if sameBinding.count > 1, let first = sameBinding.first, first != operation {
                        preferred +=
                            "With"
                            + Self.distinguishingParameters(of: operation, from: first)
                            .map(IdentifierNaming.upperCamelCase).joined()
                    }
                }
                let structName = typeNames.claim(extra: requestTypeName(preferred))
                plans.append(
                    OperationPlan(qualified: qualified, operation: operation, urlName: urlName, structName: structName)
                )
            }
        }
        return plans
    }

    /// The names of an overload's parameters that the first overload of its binding lacks
    /// (`GetNearestAirportWithRequiredFeatures`), or of all its parameters when it has none of its own.
    private static func distinguishingParameters(of operation: Operation, from first: Operation) -> [String] {
        let parameters = operation.parameters.dropFirst(operation.isBound ? 1 : 0).map(\.name)
        let shared = Set(first.parameters.dropFirst(first.isBound ? 1 : 0).map(\.name))
        let own = parameters.filter { !shared.contains($0) }
        return own.isEmpty ? parameters : own
    }

    /// The request type's name: the operation's name with the prefix and `Request`, which a name already ending in it
    /// (`CancelOnAccessPackageAssignmentRequest`, bound to `accessPackageAssignmentRequest`) is not given twice.
    private func requestTypeName(_ operationName: String) -> String {
        configuration.typePrefix + operationName + (operationName.hasSuffix("Request") ? "" : "Request")
    }

    /// An OData v2/v3 service operation (a function import declaring its own parameters and return type) as an
    /// unbound operation: an action when invoked with POST (`m:HttpMethod`, else v3's side-effecting default), a
    /// function with GET. Its parameters go in the URL either way.
    private func planServiceOperation(_ item: FunctionImport, namespace: String) -> OperationPlan? {
        let qualified = QualifiedName(namespace: namespace, name: item.name)
        guard configuration.operations.admits([item.name, qualified.description]) else { return nil }
        if item.isBindable == true {
            warning(
                """
                function import \(item.name) is not generated: bindable OData v3 actions have no request type; \
                call it with ODataClient.invokeAction
                """,
                at: item.location
            )
            return nil
        }
        let kind: Operation.Kind
        switch item.httpMethod?.uppercased() {
        case "GET": kind = .function
        case "POST": kind = .action
        case nil: kind = item.isSideEffecting == false ? .function : .action
        case let method?:
            warning(
                """
                function import \(item.name) is not generated: it is invoked with \(method), \
                which requests support only as GET and POST
                """,
                at: item.location
            )
            return nil
        }
        var operation = Operation(kind: kind, name: item.name, location: item.location)
        operation.parameters = item.parameters.filter { $0.mode == nil || $0.mode == "In" || $0.mode == "InOut" }
        operation.returnType = item.returnType
        operation.annotations = item.annotations
        let structName = typeNames.claim(extra: requestTypeName(IdentifierNaming.upperCamelCase(item.name)))
        return OperationPlan(
            qualified: qualified,
            operation: operation,
            urlName: item.name,
            structName: structName,
            isServiceOperation: true
        )
    }

    /// A request struct for one operation — typed parameters, the binding, and how to read the response — and its
    /// initializer's parameters (which a service's method for an import repeats).
    func translateOperation(_ plan: OperationPlan) -> (
        declaration: Declaration, initializer: [FunctionDeclaration.Parameter], response: TypeName
    )? {
        let operation = plan.operation
        var names = UniqueNames(reserved: RuntimeContract.requestMembers)
        var initParameters: [FunctionDeclaration.Parameter] = []
        var parameterEntries: [Expression] = []

        // The binding: an entity key and entity set, or an entity set.
        let bindingExpression: Expression?
        if let binding = operation.bindingType {
            guard typeNames.name(of: binding.name) != nil, entityIndex[binding.name] != nil else {
                note(
                    """
                    \(operation.kind.rawValue) \(operation.name) is not generated: \
                    it is bound to '\(binding)', which is not generated
                    """,
                    at: operation.location
                )
                return nil
            }
            let entitySet = index.entitySet(of: binding.name)
            let set = Expression.identifier("targetEntitySet")
            if binding.isCollection {
                bindingExpression = .call(.member(nil, RuntimeContract.Member.entitySet.rawValue), [Argument(set)])
            } else {
                initParameters.append(
                    .init(label: "boundTo", name: "target", type: RuntimeContract.TypeName.entityKey.type)
                )
                bindingExpression = .call(
                    .member(nil, RuntimeContract.Member.entity.rawValue),
                    [
                        Argument(label: RuntimeContract.Member.entitySet.rawValue, set),
                        Argument(label: RuntimeContract.Member.key.rawValue, .identifier("target")),
                    ]
                )
            }
            initParameters.append(
                .init(
                    label: "in",
                    name: "targetEntitySet",
                    type: .named("Swift.String"),
                    defaultValue: entitySet.map { .literal(.string($0)) }
                )
            )
        } else {
            bindingExpression = nil
        }

        for parameter in operation.parameters.dropFirst(operation.isBound ? 1 : 0) {
            let tied = optionSetParameterType(plan, parameter).map { ($0, RuntimeContract.Member.typed) }
            guard let (type, entry) = tied ?? parameterType(parameter) else {
                warning(
                    """
                    \(operation.kind.rawValue) \(operation.name) is not generated: parameter \(parameter.name) \
                    has type '\(parameter.type)', which has no Swift type here
                    """,
                    at: parameter.location
                )
                return nil
            }
            let name = names.claim(IdentifierNaming.lowerCamelCase(parameter.name), suffix: "Value").name
            let swiftType: TypeName = parameter.isNullable ? .optional(type) : type
            initParameters.append(
                .init(name: name, type: swiftType, defaultValue: parameter.isNullable ? .literal(.nil) : nil)
            )
            parameterEntries.append(
                .call(
                    .member(nil, entry.rawValue),
                    [Argument(.literal(.string(parameter.name))), Argument(.identifier(name))]
                )
            )
        }

        guard let (responseType, reader) = responseReader(operation) else {
            warning(
                """
                \(operation.kind.rawValue) \(operation.name) is not generated: \
                its return type '\(operation.returnType?.type.description ?? "")' has no Swift type here
                """,
                at: operation.location
            )
            return nil
        }

        // The request holds one `OperationCall` (a class) rather than a property per parameter: with no value
        // witnesses or accessors of its own, the thousand requests of a model like Microsoft Graph compile quickly.
        let member = RuntimeContract.Member.self
        var callArguments = [
            Argument(
                label: operation.kind == .action ? member.action.rawValue : member.function.rawValue,
                .literal(.string(plan.urlName))
            )
        ]
        if let bindingExpression { callArguments.append(Argument(label: member.on.rawValue, bindingExpression)) }
        callArguments += parameterEntries.map { Argument($0) }
        let call = RuntimeContract.TypeName.operationCall
        var members: [Declaration] = [
            .typealias(TypealiasDeclaration(access: access, name: member.responseType.rawValue, type: responseType)),
            .documented(
                Documentation(["What the request sends."]),
                .variable(
                    VariableDeclaration(
                        access: access,
                        name: member.call.rawValue,
                        type: call.type,
                        kind: .constant(nil)
                    )
                )
            ),
            .function(
                FunctionDeclaration(
                    access: access,
                    kind: .initializer(failable: false),
                    parameters: initParameters,
                    body: [
                        .assignment(.identifier(member.call.rawValue), .call(.typeReference(call.type), callArguments))
                    ]
                )
            ),
        ]
        // A request without a response reads none: the runtime's default for `Response == Void`.
        if let reader {
            members.append(
                .function(
                    FunctionDeclaration(
                        access: access,
                        modifiers: [.static],
                        kind: .function(name: member.response.rawValue),
                        parameters: [
                            .init(
                                label: member.from.rawValue,
                                name: "result",
                                type: RuntimeContract.TypeName.operationResult.type
                            )
                        ],
                        isThrowing: true,
                        returnType: .named(member.responseType.rawValue),
                        body: [.return(reader)]
                    )
                )
            )
        }

        var text = DocumentationText()
        text.add(operation.coreDescription)
        let kind =
            plan.isServiceOperation
            ? "service operation" : (operation.isBound ? "bound " : "") + operation.kind.rawValue
        let documentation = text.documentation(remark: "Generated from \(kind) `\(plan.qualified)`.")
        let declaration = Declaration.documented(
            documentation,
            .struct(
                NominalDeclaration(
                    access: access,
                    name: plan.structName,
                    conformances: [RuntimeContract.TypeName.odataOperation.type],
                    members: members
                )
            )
        )
        return (declaration, initParameters, responseType)
    }

    /// The Swift type of a parameter and the `OperationParameter` factory that wraps it.
    private func parameterType(_ parameter: Parameter) -> (TypeName, RuntimeContract.Member)? {
        if entityIndex[parameter.type.name] != nil, let className = typeNames.name(of: parameter.type.name) {
            return parameter.type.isCollection ? (.array(.named(className)), .entities) : (.named(className), .entity)
        }
        guard case .success(let mapped) = mapped(parameter.type) else { return nil }
        return mapped.isCollection ? (.array(mapped.element), .typedCollection) : (mapped.element, .typed)
    }

    /// The response type and the expression that reads it from `result` (none for `Void`).
    private func responseReader(_ operation: Operation) -> (TypeName, Expression?)? {
        let result = Expression.identifier("result")
        guard let returnType = operation.returnType?.type else { return (.named("Swift.Void"), nil) }
        let reader = { (member: RuntimeContract.Member, arguments: [Argument]) in
            Expression.try(.call(.member(result, member.rawValue), arguments))
        }
        if entityIndex[returnType.name] != nil, let className = typeNames.name(of: returnType.name) {
            let metatype = Argument(.metatype(.named(className)))
            return returnType.isCollection
                ? (.array(.named(className)), reader(.entities, [metatype]))
                : (.optional(.named(className)), reader(.optionalEntity, [metatype]))
        }
        guard case .success(let mapped) = mapped(returnType) else { return nil }
        let arguments = [
            Argument(.metatype(mapped.element)),
            Argument(label: RuntimeContract.Member.as.rawValue, mapped.runtimeType.expression),
        ]
        return returnType.isCollection
            ? (.array(mapped.element), reader(.values, arguments))
            : (.optional(mapped.element), reader(.value, arguments))
    }
}
