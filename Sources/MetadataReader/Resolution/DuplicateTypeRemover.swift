import MetadataModel

/// Keeps the first declaration of each qualified type name and drops later ones with a warning,
/// so that the generator never sees two types of the same name.
struct DuplicateTypeRemover {
    func apply(to service: inout Service, diagnostics: inout [Diagnostic]) {
        var seen: [QualifiedName: SourceLocation] = [:]
        func keep(_ name: String, in namespace: String, at location: SourceLocation) -> Bool {
            let qualified = QualifiedName(namespace: namespace, name: name)
            if let first = seen[qualified] {
                diagnostics.append(
                    .warning(
                        "duplicate type name '\(qualified)' (first declared at \(first)); this declaration is ignored",
                        at: location
                    )
                )
                return false
            }
            seen[qualified] = location
            return true
        }
        for index in service.schemas.indices {
            let namespace = service.schemas[index].namespace
            service.schemas[index].entityTypes.removeAll { !keep($0.name, in: namespace, at: $0.location) }
            service.schemas[index].complexTypes.removeAll { !keep($0.name, in: namespace, at: $0.location) }
            service.schemas[index].enumTypes.removeAll { !keep($0.name, in: namespace, at: $0.location) }
            service.schemas[index].typeDefinitions.removeAll { !keep($0.name, in: namespace, at: $0.location) }
        }
    }
}
