import MetadataModel

/// Replaces aliases (`mscrm.account`, `Core.Description`) by namespaces throughout a
/// document's schemas, so that every qualified name in the model is canonical.
struct AliasResolver {
    /// Alias → namespace, for one document (aliases are document-scoped).
    let aliases: [String: String]
    /// The schema being resolved, whose own types an unqualified type name may mean.
    private var scope: (namespace: String, typeNames: Set<String>)?
    private let notes = DiagnosticLog()

    init(document: ReadDocument) {
        var aliases: [String: String] = [:]
        for include in document.includes { if let alias = include.alias { aliases[alias] = include.namespace } }
        for schema in document.schemas { if let alias = schema.alias { aliases[alias] = schema.namespace } }
        self.aliases = aliases
    }

    func resolve(_ name: QualifiedName) -> QualifiedName {
        guard !aliases.isEmpty, let namespace = aliases[name.namespace] else { return name }
        return QualifiedName(namespace: namespace, name: name.name)
    }

    func resolve(_ type: TypeReference) -> TypeReference {
        TypeReference(name: resolve(type.name), isCollection: type.isCollection)
    }

    /// Resolves the leading qualified name of a path such as `alias.Type/Property` or `alias.Action(alias.Type)`.
    func resolve(path: String) -> String {
        let bytes = path.utf8
        let end = bytes.firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "(") } ?? bytes.endIndex
        let head = resolve(QualifiedName(parsing: String(path[..<end])))
        guard end != bytes.endIndex else { return head.description }
        guard bytes[end] == UInt8(ascii: "("), let close = bytes[end...].firstIndex(of: UInt8(ascii: ")")) else {
            return head.description + path[end...]
        }
        let arguments = path[bytes.index(after: end)..<close].split(separator: ",")
            .map { resolve(TypeReference(parsing: String($0))).description }
        return head.description + "(" + arguments.joined(separator: ",") + path[close...]
    }

    /// Resolves every name in `schema`; returns notes on names it had to qualify.
    func resolve(_ schema: inout Schema) -> [Diagnostic] {
        var scoped = self
        let names =
            schema.entityTypes.map(\.name) + schema.complexTypes.map(\.name) + schema.enumTypes.map(\.name)
            + schema.typeDefinitions.map(\.name)
        scoped.scope = (schema.namespace, Set(names))
        scoped.resolveMembers(&schema)
        return scoped.notes.diagnostics
    }

    private func resolveMembers(_ schema: inout Schema) {
        for t in schema.entityTypes.indices {
            schema.entityTypes[t].baseType = schema.entityTypes[t].baseType.map(resolve)
            resolve(&schema.entityTypes[t].properties)
            resolve(&schema.entityTypes[t].navigationProperties)
            resolve(&schema.entityTypes[t].annotations)
        }
        for t in schema.complexTypes.indices {
            schema.complexTypes[t].baseType = schema.complexTypes[t].baseType.map(resolve)
            resolve(&schema.complexTypes[t].properties)
            resolve(&schema.complexTypes[t].navigationProperties)
            resolve(&schema.complexTypes[t].annotations)
        }
        schema.enumTypes = schema.enumTypes.map { type in
            var type = type
            type.annotations = resolve(type.annotations)
            type.members = type.members.map { member in
                var member = member
                member.annotations = resolve(member.annotations)
                return member
            }
            return type
        }
        schema.typeDefinitions = schema.typeDefinitions.map { definition in
            var definition = definition
            definition.underlyingType = resolve(definition.underlyingType)
            definition.annotations = resolve(definition.annotations)
            return definition
        }
        schema.terms = schema.terms.map { term in
            var term = term
            term.type = resolve(term.type)
            term.baseTerm = term.baseTerm.map(resolve)
            term.annotations = resolve(term.annotations)
            return term
        }
        schema.actions = schema.actions.map(resolve)
        schema.functions = schema.functions.map(resolve)
        schema.entityContainers = schema.entityContainers.map(resolve)
        schema.associations = schema.associations.map { association in
            var association = association
            association.ends = association.ends.map { end in
                var end = end
                end.type = resolve(end.type)
                return end
            }
            return association
        }
        schema.annotationGroups = schema.annotationGroups.map { group in
            var group = group
            group.target = resolve(path: group.target)
            group.annotations = resolve(group.annotations)
            return group
        }
        schema.annotations = resolve(schema.annotations)
    }

    /// Resolves properties in place (the bulk of any large document).
    private func resolve(_ properties: inout [Property]) {
        for p in properties.indices {
            properties[p].type = qualifyingLocal(resolve(properties[p].type), at: properties[p].location)
            if !properties[p].annotations.isEmpty { resolve(&properties[p].annotations) }
        }
    }

    private func resolve(_ navigations: inout [NavigationProperty]) {
        for n in navigations.indices {
            navigations[n].type = resolve(navigations[n].type)
            navigations[n].relationship = navigations[n].relationship.map(resolve)
            if !navigations[n].annotations.isEmpty { resolve(&navigations[n].annotations) }
        }
    }

    private func resolve(_ annotations: inout [Annotation]) { annotations = resolve(annotations) }

    /// A type name written without a namespace (a mistake some services make) that names a type
    /// of the same schema is read as that type, with a note.
    private func qualifyingLocal(_ type: TypeReference, at location: SourceLocation) -> TypeReference {
        guard type.name.namespace.isEmpty, let scope, scope.typeNames.contains(type.name.name) else { return type }
        let qualified = QualifiedName(namespace: scope.namespace, name: type.name.name)
        notes.diagnostics.append(
            .note("type '\(type.name.name)' is not namespace-qualified; read as '\(qualified)'", at: location)
        )
        return TypeReference(name: qualified, isCollection: type.isCollection)
    }

    private func resolve(_ operation: Operation) -> Operation {
        var operation = operation
        operation.parameters = operation.parameters.map(resolve)
        operation.returnType = operation.returnType.map(resolve)
        operation.annotations = resolve(operation.annotations)
        return operation
    }

    private func resolve(_ parameter: Parameter) -> Parameter {
        var parameter = parameter
        parameter.type = qualifyingLocal(resolve(parameter.type), at: parameter.location)
        parameter.annotations = resolve(parameter.annotations)
        return parameter
    }

    private func resolve(_ returnType: ReturnType) -> ReturnType {
        var returnType = returnType
        returnType.type = resolve(returnType.type)
        returnType.annotations = resolve(returnType.annotations)
        return returnType
    }

    private func resolve(_ container: EntityContainer) -> EntityContainer {
        var container = container
        container.extends = container.extends.map(resolve)
        container.annotations = resolve(container.annotations)
        container.entitySets = container.entitySets.map { set in
            var set = set
            set.entityType = resolve(set.entityType)
            set.annotations = resolve(set.annotations)
            return set
        }
        container.singletons = container.singletons.map { singleton in
            var singleton = singleton
            singleton.type = resolve(singleton.type)
            singleton.annotations = resolve(singleton.annotations)
            return singleton
        }
        container.actionImports = container.actionImports.map { actionImport in
            var actionImport = actionImport
            actionImport.action = resolve(actionImport.action)
            actionImport.annotations = resolve(actionImport.annotations)
            return actionImport
        }
        container.functionImports = container.functionImports.map { functionImport in
            var functionImport = functionImport
            functionImport.function = functionImport.function.map(resolve)
            functionImport.parameters = functionImport.parameters.map(resolve)
            functionImport.returnType = functionImport.returnType.map(resolve)
            functionImport.annotations = resolve(functionImport.annotations)
            return functionImport
        }
        container.associationSets = container.associationSets.map { set in
            var set = set
            set.association = resolve(set.association)
            return set
        }
        return container
    }

    private func resolve(_ annotations: [Annotation]) -> [Annotation] {
        annotations.map { annotation in
            var annotation = annotation
            annotation.term = resolve(annotation.term)
            annotation.value = resolve(annotation.value)
            return annotation
        }
    }

    private func resolve(_ value: AnnotationValue) -> AnnotationValue {
        switch value {
        case .absent, .constant: return value
        case .collection(let items): return .collection(items.map(resolve))
        case .record(let type, let properties):
            return .record(
                type: type.map(resolve),
                properties: properties.map { PropertyValue(name: $0.name, value: resolve($0.value)) }
            )
        case .expression(let name, let operands): return .expression(name: name, operands: operands.map(resolve))
        }
    }
}

/// Collects diagnostics from value-typed helpers.
final class DiagnosticLog { var diagnostics: [Diagnostic] = [] }
