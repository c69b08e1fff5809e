import MetadataModel

extension GeneratorConfiguration {
    /// Whether the configuration leaves out some entities, attributes or operations.
    var selectsSubset: Bool {
        [entities, attributes, operations].contains { !$0.include.isEmpty || !$0.exclude.isEmpty }
    }
}

extension GenerationContext {
    /// The complex, enum and type-definition types that what is generated uses: the admitted properties of the
    /// selected entities, the parameters and results of the planned operations, and, through complex types, their
    /// properties, base types and derived types. Nil when the configuration selects everything: then every type of the
    /// document is generated, used or not.
    func reachableTypes(operations: [OperationPlan]) -> Set<QualifiedName>? {
        guard configuration.selectsSubset else { return nil }
        var reached: Set<QualifiedName> = []
        var pending: [QualifiedName] = []
        func visit(_ name: QualifiedName) {
            guard index.complexTypes[name] != nil || index.enumTypes[name] != nil || index.typeDefinitions[name] != nil,
                reached.insert(name).inserted
            else { return }
            pending.append(name)
        }
        for (name, type) in entityTypes {
            for property in type.properties where admits(property, of: name) { visit(property.type.name) }
        }
        for plan in operations {
            for parameter in plan.operation.parameters { visit(parameter.type.name) }
            if let result = plan.operation.returnType { visit(result.type.name) }
        }
        while let name = pending.popLast() {
            guard let complex = index.complexTypes[name] else { continue }
            for property in complex.properties { visit(property.type.name) }
            if let base = complex.baseType { visit(base) }
            for type in index.derivedTypes(of: name) { visit(type) }
        }
        return reached
    }
}
