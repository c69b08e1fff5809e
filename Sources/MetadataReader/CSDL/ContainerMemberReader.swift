import MetadataModel

/// Reads the members of an entity container.
struct ContainerMemberReader {
    let context: ReadContext
    var annotations: AnnotationReader { AnnotationReader(context: context) }

    /// Adds one container child to `container`.
    func read(_ node: XMLNode, into container: inout EntityContainer) {
        switch node.name {
        case "EntitySet": if let set = entitySet(node) { container.entitySets.append(set) }
        case "Singleton":
            if let name = context.required("Name", of: node), let type = context.required("Type", of: node) {
                var singleton = Singleton(name: name, type: QualifiedName(parsing: type), location: node.location)
                singleton.navigationPropertyBindings = bindings(of: node)
                singleton.annotations = annotations.annotations(of: node)
                container.singletons.append(singleton)
            }
        case "ActionImport":
            if let name = context.required("Name", of: node), let action = context.required("Action", of: node) {
                var actionImport = ActionImport(
                    name: name,
                    action: QualifiedName(parsing: action),
                    location: node.location
                )
                actionImport.entitySet = node.attribute("EntitySet")
                actionImport.annotations = annotations.annotations(of: node)
                container.actionImports.append(actionImport)
            }
        case "FunctionImport":
            if let functionImport = functionImport(node) { container.functionImports.append(functionImport) }
        case "AssociationSet":
            if let name = context.required("Name", of: node),
                let association = context.required("Association", of: node)
            {
                var set = AssociationSet(
                    name: name,
                    association: QualifiedName(parsing: association),
                    location: node.location
                )
                set.ends = node.children(named: "End")
                    .compactMap { end in
                        guard let entitySet = end.attribute("EntitySet") else { return nil }
                        return AssociationSet.End(role: end.attribute("Role") ?? "", entitySet: entitySet)
                    }
                container.associationSets.append(set)
            }
        case "Annotation":
            if let annotation = annotations.annotation(node, in: "EntityContainer \(container.name)") {
                container.annotations.append(annotation)
            }
        case "Documentation":
            container.annotations.append(
                contentsOf: annotations.annotations(
                    of: XMLNode(
                        namespace: .edm,
                        namespaceURI: node.namespaceURI,
                        name: "",
                        attributes: [],
                        children: [node],
                        location: node.location
                    )
                )
            )
        default: context.skipped(node, in: "entity container \(container.name)")
        }
    }

    private func entitySet(_ node: XMLNode) -> EntitySet? {
        guard let name = context.required("Name", of: node), let type = context.required("EntityType", of: node) else {
            return nil
        }
        var set = EntitySet(name: name, entityType: QualifiedName(parsing: type), location: node.location)
        set.navigationPropertyBindings = bindings(of: node)
        set.includeInServiceDocument = node.bool("IncludeInServiceDocument") ?? true
        set.sap = node.sapAttributes
        set.annotations = annotations.annotations(of: node)
        return set
    }

    private func bindings(of node: XMLNode) -> [NavigationPropertyBinding] {
        node.children(named: "NavigationPropertyBinding")
            .compactMap { binding in
                guard let path = context.required("Path", of: binding),
                    let target = context.required("Target", of: binding)
                else { return nil }
                return NavigationPropertyBinding(path: path, target: target, location: binding.location)
            }
    }

    private func functionImport(_ node: XMLNode) -> FunctionImport? {
        guard let name = context.required("Name", of: node) else { return nil }
        var functionImport = FunctionImport(name: name, location: node.location)
        functionImport.function = node.attribute("Function").map(QualifiedName.init(parsing:))
        functionImport.entitySet = node.attribute("EntitySet")
        functionImport.includeInServiceDocument = node.bool("IncludeInServiceDocument") ?? false
        functionImport.httpMethod = node.attribute("HttpMethod", in: .dataServicesMetadata)
        functionImport.isSideEffecting = node.bool("IsSideEffecting")
        functionImport.isBindable = node.bool("IsBindable")
        functionImport.isComposable = node.bool("IsComposable")
        functionImport.sap = node.sapAttributes
        functionImport.annotations = annotations.annotations(of: node)
        let members = SchemaMemberReader(context: context)
        if let returnType = node.attribute("ReturnType") {
            functionImport.returnType = ReturnType(type: TypeReference(parsing: returnType), location: node.location)
        }
        for child in node.children where child.isCSDL {
            switch child.name {
            case "Parameter":
                if let parameter = members.parameter(child) { functionImport.parameters.append(parameter) }
            case "ReturnType":
                if functionImport.returnType == nil { functionImport.returnType = members.returnType(child) }
            case "Annotation", "Documentation": continue
            default: context.skipped(child, in: "function import \(name)")
            }
        }
        // In v4 a function import names its function; in v2/v3 it is self-contained.
        if context.isV4 && functionImport.function == nil {
            context.error("FunctionImport \(name) has no Function attribute", at: node.location)
        }
        return functionImport
    }
}
