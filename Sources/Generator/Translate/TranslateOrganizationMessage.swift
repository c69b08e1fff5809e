import MetadataModel
import SwiftEmitter

/// Translates the description of MobileSdkOrganizationService's typed messages: each `<Action>` of one schema becomes
/// a request struct conforming to `OrganizationMessage` (see `OrganizationMessages.xml` there for the rules).
struct OrganizationMessageTranslation {
    /// The description's schema.
    let schema: Schema
    /// Its complex types by name: the results of the messages that have some.
    let complexTypes: [String: ComplexType]
    /// What translating found, in the order found.
    private(set) var diagnostics: [Diagnostic] = []

    init(schema: Schema) {
        self.schema = schema
        complexTypes = Dictionary(schema.complexTypes.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// A message's struct: its parameters as stored properties and initializer parameters, the request it sends, and
    /// how it reads its results; nil, with an error, when a type has no Swift form here.
    mutating func translate(_ action: Operation) -> (name: String, declaration: Declaration)? {
        guard !action.isBound else {
            diagnostics.append(.error("message \(action.name) is bound; messages are unbound", at: action.location))
            return nil
        }
        var names: Set<String> = [OrganizationMessagesContract.requestProperty]
        var members: [Declaration] = []
        var initParameters: [FunctionDeclaration.Parameter] = []
        var assignments: [Statement] = []
        var sent: [DictionaryElement] = []
        var hasOptional = false
        for parameter in action.parameters {
            let name = IdentifierNaming.lowerCamelCase(parameter.name)
            guard names.insert(name).inserted else {
                diagnostics.append(
                    .error("message \(action.name): two members are named '\(name)'", at: parameter.location)
                )
                return nil
            }
            guard let type = OrganizationMessageType.resolve(parameter.type, namespace: schema.namespace),
                let send = type.sending(parameter.isNullable ? .identifier("$0") : .identifier(name))
            else {
                diagnostics.append(
                    .error(
                        "message \(action.name): parameter \(parameter.name) has type '\(parameter.type)', which "
                            + "cannot be sent",
                        at: parameter.location
                    )
                )
                return nil
            }
            let swiftType: TypeName = parameter.isNullable ? .optional(type.swiftType) : type.swiftType
            members.append(
                .documented(
                    documentation(parameter, "parameter \(parameter.name) of \(action.name)", at: parameter.location),
                    .variable(VariableDeclaration(access: .public, name: name, type: swiftType, kind: .stored(nil)))
                )
            )
            initParameters.append(
                .init(name: name, type: swiftType, defaultValue: parameter.isNullable ? .literal(.nil) : nil)
            )
            assignments.append(.assignment(.member(.selfReference, name), .identifier(name)))
            // An optional parameter is left out when nil: `value.map({ .attribute(.guid($0)) })`, or the value itself
            // when it is an `OrganizationValue` already.
            let value: Expression
            switch (parameter.isNullable, send) {
            case (false, _): value = send
            case (true, .identifier): value = .identifier(name)
            case (true, _):
                value = .call(.member(.identifier(name), "map"), [Argument(.closure(parameters: [], body: send))])
            }
            hasOptional = hasOptional || parameter.isNullable
            sent.append(DictionaryElement(key: .literal(.string(parameter.name)), value: value))
        }
        members.append(
            .documented(
                Documentation(["The message with its parameters."]),
                .function(
                    FunctionDeclaration(
                        access: .public,
                        kind: .initializer(failable: false),
                        parameters: initParameters,
                        body: assignments
                    )
                )
            )
        )
        let request = Expression.call(
            .typeReference(.named(OrganizationMessagesContract.request)),
            [
                Argument(label: OrganizationMessagesContract.nameLabel, .literal(.string(action.name))),
                Argument(
                    label: hasOptional
                        ? OrganizationMessagesContract.omittingNilLabel : OrganizationMessagesContract.parametersLabel,
                    .dictionary(sent)
                ),
            ]
        )
        members.append(
            .documented(
                Documentation(["What the message sends."]),
                .variable(
                    VariableDeclaration(
                        access: .public,
                        name: OrganizationMessagesContract.requestProperty,
                        type: .named(OrganizationMessagesContract.request),
                        kind: .computed(getter: [.expression(request)], setter: nil)
                    )
                )
            )
        )
        guard let response = responseMembers(action) else { return nil }
        members += response

        let structName = IdentifierNaming.upperCamelCase(action.name) + "Request"
        var lines = documentationLines(action, "message \(action.name)", at: action.location)
        lines += ["", "The organization service's message `\(action.name)`."]
        let declaration = Declaration.documented(
            Documentation(lines),
            .struct(
                NominalDeclaration(
                    access: .public,
                    name: structName,
                    conformances: [.named(OrganizationMessagesContract.message)],
                    members: members
                )
            )
        )
        return (structName, declaration)
    }

    /// How the message reads its results: nothing without a return type (the protocol's default), one result as
    /// itself, several as a `Response` struct.
    private mutating func responseMembers(_ action: Operation) -> [Declaration]? {
        guard let returnType = action.returnType else { return [] }
        guard returnType.type.name.namespace == schema.namespace, !returnType.type.isCollection,
            let complex = complexTypes[returnType.type.name.name], !complex.properties.isEmpty
        else {
            diagnostics.append(
                .error(
                    "message \(action.name): its return type '\(returnType.type)' is not a complex type of the "
                        + "description with a property per result",
                    at: returnType.location
                )
            )
            return nil
        }
        var results: [(name: String, type: TypeName, read: Expression, documentation: Documentation)] = []
        for property in complex.properties {
            guard let type = OrganizationMessageType.resolve(property.type, namespace: schema.namespace),
                let reader = type.reader
            else {
                diagnostics.append(
                    .error(
                        "message \(action.name): result \(property.name) has type '\(property.type)', which cannot "
                            + "be read",
                        at: property.location
                    )
                )
                return nil
            }
            let read = Expression.try(
                .call(
                    .member(.identifier(OrganizationMessagesContract.responseParameter), reader),
                    [Argument(.literal(.string(property.name)))]
                )
            )
            let documentation = documentation(
                property,
                "result \(property.name) of \(action.name)",
                at: property.location
            )
            results.append((IdentifierNaming.lowerCamelCase(property.name), type.swiftType, read, documentation))
        }
        func reading(_ type: TypeName, _ value: Expression, _ documentation: Documentation) -> Declaration {
            .documented(
                documentation,
                .function(
                    FunctionDeclaration(
                        access: .public,
                        modifiers: [.static],
                        kind: .function(name: OrganizationMessagesContract.responseFunction),
                        parameters: [
                            .init(
                                label: "from",
                                name: OrganizationMessagesContract.responseParameter,
                                type: .named(OrganizationMessagesContract.organizationResponse)
                            )
                        ],
                        isThrowing: true,
                        returnType: type,
                        body: [.expression(value)]
                    )
                )
            )
        }
        if results.count == 1, let result = results.first {
            return [reading(result.type, result.read, result.documentation)]
        }
        let properties = results.map { result in
            Declaration.documented(
                result.documentation,
                .variable(
                    VariableDeclaration(access: .public, name: result.name, type: result.type, kind: .stored(nil))
                )
            )
        }
        let response = Declaration.documented(
            Documentation(["The message's results."]),
            .struct(
                NominalDeclaration(
                    access: .public,
                    name: OrganizationMessagesContract.responseType,
                    conformances: [.named("Sendable")],
                    members: properties
                )
            )
        )
        let value = Expression.call(
            .typeReference(.named(OrganizationMessagesContract.responseType)),
            results.map { Argument(label: $0.name, $0.read) }
        )
        return [
            response,
            reading(.named(OrganizationMessagesContract.responseType), value, Documentation(["Reads the results."])),
        ]
    }

    /// The element's `Core.Description`, whitespace runs read as one space; a warning when it has none.
    private mutating func documentationLines(_ element: some Annotatable, _ what: String, at location: SourceLocation)
        -> [String]
    {
        let text = (element.coreDescription ?? "").split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" })
            .joined(separator: " ")
        guard !text.isEmpty else {
            diagnostics.append(.warning("\(what) has no Core.Description", at: location))
            return []
        }
        return [text]
    }

    private mutating func documentation(_ element: some Annotatable, _ what: String, at location: SourceLocation)
        -> Documentation
    { Documentation(documentationLines(element, what, at: location)) }
}
