import MetadataModel

/// Reads enum types, type definitions, terms, operations and v2/v3 associations.
struct SchemaMemberReader {
    let context: ReadContext
    var annotations: AnnotationReader { AnnotationReader(context: context) }

    func enumType(_ node: XMLNode) -> EnumType? {
        guard let name = context.required("Name", of: node) else { return nil }
        var type = EnumType(name: name, location: node.location)
        if let underlying = node.attribute("UnderlyingType") {
            if let primitive = TypeReference(parsing: underlying).primitive {
                type.underlyingType = primitive
            } else {
                context.error(
                    "enum type \(name) has an underlying type '\(underlying)' that is not an Edm integer type",
                    at: node.location
                )
            }
        }
        type.isFlags = node.bool("IsFlags") ?? false
        type.annotations = annotations.annotations(of: node)
        var next: Int64 = type.isFlags ? 1 : 0
        for child in node.children where child.isCSDL {
            guard child.name == "Member" else {
                if child.name != "Annotation" && child.name != "Documentation" {
                    context.skipped(child, in: "enum type \(name)")
                }
                continue
            }
            guard let memberName = context.required("Name", of: child) else { continue }
            var value = next
            if let text = child.attribute("Value") {
                guard let parsed = Int64(text.trimmingXMLSpace) else {
                    context.warning(
                        """
                        enum member \(name).\(memberName) has the value '\(text)', \
                        which is not a 64-bit integer; member skipped
                        """,
                        at: child.location
                    )
                    continue
                }
                value = parsed
            }
            var member = EnumType.Member(name: memberName, value: value, location: child.location)
            member.annotations = annotations.annotations(of: child)
            type.members.append(member)
            next = value &+ 1
        }
        return type
    }

    func typeDefinition(_ node: XMLNode) -> TypeDefinition? {
        guard let name = context.required("Name", of: node),
            let underlying = context.required("UnderlyingType", of: node)
        else { return nil }
        var definition = TypeDefinition(
            name: name,
            underlyingType: QualifiedName(parsing: underlying),
            location: node.location
        )
        definition.facets = node.facets
        definition.annotations = annotations.annotations(of: node)
        return definition
    }

    func term(_ node: XMLNode) -> Term? {
        guard let name = context.required("Name", of: node), let type = context.required("Type", of: node) else {
            return nil
        }
        var term = Term(name: name, type: TypeReference(parsing: type), location: node.location)
        term.baseTerm = node.attribute("BaseTerm").map(QualifiedName.init(parsing:))
        term.appliesTo = node.attribute("AppliesTo")?.split(separator: " ").map(String.init) ?? []
        term.defaultValue = node.attribute("DefaultValue")
        term.isNullable = node.bool("Nullable") ?? true
        term.facets = node.facets
        term.annotations = annotations.annotations(of: node)
        return term
    }

    /// A v4 `Action` or `Function`.
    func operation(_ node: XMLNode, kind: Operation.Kind) -> Operation? {
        guard let name = context.required("Name", of: node) else { return nil }
        var operation = Operation(kind: kind, name: name, location: node.location)
        operation.isBound = node.bool("IsBound") ?? false
        operation.isComposable = node.bool("IsComposable") ?? false
        operation.entitySetPath = node.attribute("EntitySetPath")
        operation.annotations = annotations.annotations(of: node)
        for child in node.children where child.isCSDL {
            switch child.name {
            case "Parameter": if let parameter = parameter(child) { operation.parameters.append(parameter) }
            case "ReturnType": operation.returnType = returnType(child)
            case "Annotation", "Documentation": continue
            default: context.skipped(child, in: "\(kind.rawValue) \(name)")
            }
        }
        if kind == .function && operation.returnType == nil {
            context.warning("function \(name) has no ReturnType", at: node.location)
        }
        if operation.isBound && operation.parameters.isEmpty {
            context.error("bound \(kind.rawValue) \(name) has no binding parameter", at: node.location)
        }
        return operation
    }

    func parameter(_ node: XMLNode) -> Parameter? {
        guard let name = context.required("Name", of: node), let type = context.required("Type", of: node) else {
            return nil
        }
        var parameter = Parameter(name: name, type: TypeReference(parsing: type), location: node.location)
        parameter.isNullable = node.bool("Nullable") ?? true
        parameter.facets = node.facets
        parameter.mode = node.attribute("Mode")
        parameter.annotations = annotations.annotations(of: node)
        return parameter
    }

    func returnType(_ node: XMLNode) -> ReturnType? {
        guard let type = node.attribute("Type") else {
            context.error("ReturnType has no Type attribute", at: node.location)
            return nil
        }
        var returnType = ReturnType(type: TypeReference(parsing: type), location: node.location)
        returnType.isNullable = node.bool("Nullable") ?? true
        returnType.facets = node.facets
        returnType.annotations = annotations.annotations(of: node)
        return returnType
    }

    /// A v2/v3 `Association`.
    func association(_ node: XMLNode) -> Association? {
        guard let name = context.required("Name", of: node) else { return nil }
        var association = Association(name: name, location: node.location)
        for child in node.children where child.isCSDL {
            switch child.name {
            case "End":
                guard let role = context.required("Role", of: child), let type = context.required("Type", of: child),
                    let multiplicity = context.required("Multiplicity", of: child)
                else { continue }
                association.ends.append(
                    Association.End(
                        role: role,
                        type: QualifiedName(parsing: type),
                        multiplicity: multiplicity,
                        onDelete: child.child("OnDelete")?.attribute("Action")
                    )
                )
            case "ReferentialConstraint": association.constraint = constraint(child)
            case "Principal":
                // A quirk of some SAP services: the constraint's parts directly in the association.
                if association.constraint == nil { association.constraint = constraint(node) }
            case "Dependent": continue
            case "Documentation", "Annotation": continue
            default: context.skipped(child, in: "association \(name)")
            }
        }
        if association.ends.count != 2 {
            context.error("association \(name) has \(association.ends.count) ends; it needs 2", at: node.location)
        }
        return association
    }

    /// The `Principal` and `Dependent` children of `node` as a referential constraint.
    private func constraint(_ node: XMLNode) -> Association.Constraint? {
        guard let principal = node.child("Principal"), let dependent = node.child("Dependent") else {
            context.error("a referential constraint needs a Principal and a Dependent", at: node.location)
            return nil
        }
        return Association.Constraint(
            principalRole: principal.attribute("Role") ?? "",
            principalProperties: principal.children(named: "PropertyRef").compactMap { $0.attribute("Name") },
            dependentRole: dependent.attribute("Role") ?? "",
            dependentProperties: dependent.children(named: "PropertyRef").compactMap { $0.attribute("Name") }
        )
    }
}
