import MetadataModel

/// Copies external annotations (`<Annotations Target="…">`) onto the elements they target, so
/// that typed access sees them. Targets the model does not hold stay in `annotationGroups` only.
struct ExternalAnnotationApplier {
    func apply(to service: inout Service) {
        let groups = service.schemas.flatMap(\.annotationGroups)
        for group in groups {
            let annotations = group.annotations.map { annotation in
                var annotation = annotation
                if annotation.qualifier == nil { annotation.qualifier = group.qualifier }
                return annotation
            }
            apply(annotations, to: group.target, in: &service)
        }
    }

    private func apply(_ annotations: [Annotation], to target: String, in service: inout Service) {
        let segments = target.split(separator: "/", maxSplits: 1).map(String.init)
        guard !segments[0].contains("(") else { return }
        let name = QualifiedName(parsing: segments[0])
        let member = segments.count > 1 ? segments[1] : nil
        guard let s = service.schemas.firstIndex(where: { $0.namespace == name.namespace }) else { return }
        var schema = service.schemas[s]
        defer { service.schemas[s] = schema }

        if let t = schema.entityTypes.firstIndex(where: { $0.name == name.name }) {
            guard let member else { return schema.entityTypes[t].annotations += annotations }
            if let p = schema.entityTypes[t].properties.firstIndex(where: { $0.name == member }) {
                schema.entityTypes[t].properties[p].annotations += annotations
            } else if let n = schema.entityTypes[t].navigationProperties.firstIndex(where: { $0.name == member }) {
                schema.entityTypes[t].navigationProperties[n].annotations += annotations
            }
        } else if let t = schema.complexTypes.firstIndex(where: { $0.name == name.name }) {
            guard let member else { return schema.complexTypes[t].annotations += annotations }
            if let p = schema.complexTypes[t].properties.firstIndex(where: { $0.name == member }) {
                schema.complexTypes[t].properties[p].annotations += annotations
            } else if let n = schema.complexTypes[t].navigationProperties.firstIndex(where: { $0.name == member }) {
                schema.complexTypes[t].navigationProperties[n].annotations += annotations
            }
        } else if let t = schema.enumTypes.firstIndex(where: { $0.name == name.name }) {
            guard let member else { return schema.enumTypes[t].annotations += annotations }
            if let m = schema.enumTypes[t].members.firstIndex(where: { $0.name == member }) {
                schema.enumTypes[t].members[m].annotations += annotations
            }
        } else if let t = schema.typeDefinitions.firstIndex(where: { $0.name == name.name }), member == nil {
            schema.typeDefinitions[t].annotations += annotations
        } else if let c = schema.entityContainers.firstIndex(where: { $0.name == name.name }) {
            guard let member else { return schema.entityContainers[c].annotations += annotations }
            if let e = schema.entityContainers[c].entitySets.firstIndex(where: { $0.name == member }) {
                schema.entityContainers[c].entitySets[e].annotations += annotations
            } else if let e = schema.entityContainers[c].singletons.firstIndex(where: { $0.name == member }) {
                schema.entityContainers[c].singletons[e].annotations += annotations
            }
        }
    }
}
