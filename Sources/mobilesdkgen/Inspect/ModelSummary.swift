import MetadataModel

/// A plain-text overview of a service: each document's dialect and the counts per kind.
struct ModelSummary {
    let service: Service
    let diagnostics: [Diagnostic]

    var text: String {
        var lines: [String] = []
        for document in service.documents {
            lines.append("\(document.path): \(document.dialect)\(document.isReference ? " (referenced)" : "")")
        }
        let containers = service.entityContainers
        let counts: [(String, Int)] = [
            ("schemas", service.schemas.count), ("entity types", service.entityTypes.count),
            ("complex types", service.complexTypes.count), ("enum types", service.enumTypes.count),
            ("type definitions", service.schemas.reduce(0) { $0 + $1.typeDefinitions.count }),
            ("terms", service.schemas.reduce(0) { $0 + $1.terms.count }), ("actions", service.actions.count),
            ("functions", service.functions.count), ("entity containers", containers.count),
            ("entity sets", containers.reduce(0) { $0 + $1.entitySets.count }),
            ("singletons", containers.reduce(0) { $0 + $1.singletons.count }),
            ("action imports", containers.reduce(0) { $0 + $1.actionImports.count }),
            ("function imports", containers.reduce(0) { $0 + $1.functionImports.count }),
            (
                "properties",
                service.entityTypes.reduce(0) { $0 + $1.properties.count }
                    + service.complexTypes.reduce(0) { $0 + $1.properties.count }
            ), ("navigation properties", service.entityTypes.reduce(0) { $0 + $1.navigationProperties.count }),
            ("option sets (global)", service.optionSets.count),
            ("entities with Dynamics metadata", service.entityTypes.filter { $0.dynamics != nil }.count),
        ]
        let width = counts.map(\.0.count).max() ?? 0
        for (name, count) in counts where count > 0 || ["entity types", "entity sets"].contains(name) {
            lines.append("  " + name + String(repeating: " ", count: width - name.count) + "  \(count)")
        }
        if !service.opaqueNamespaces.isEmpty {
            lines.append("  opaque namespaces: " + service.opaqueNamespaces.joined(separator: ", "))
        }
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.filter { $0.severity == .warning }.count
        lines.append("\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")")
        return lines.joined(separator: "\n") + "\n"
    }
}
