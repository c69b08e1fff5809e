import MetadataModel

/// Copies external annotations (`<Annotations Target="…">`) onto the elements they target, so
/// that typed access sees them. Targets the model does not hold stay in `annotationGroups` only.
struct ExternalAnnotationApplier {
    func apply(to service: inout Service) {
        // Annotations by target element (`Namespace.Type`) and member (`Property`, or "" for the element).
        var byTarget: [String: [String: [Annotation]]] = [:]
        for group in service.schemas.flatMap(\.annotationGroups) {
            let target = group.target
            let slash = target.utf8.firstIndex(of: UInt8(ascii: "/"))
            let element = String(target[..<(slash ?? target.endIndex)])
            let member = slash.map { String(target[target.utf8.index(after: $0)...]) } ?? ""
            byTarget[element, default: [:]][member, default: []] += group.annotations.map { annotation in
                var annotation = annotation
                if annotation.qualifier == nil { annotation.qualifier = group.qualifier }
                return annotation
            }
        }
        guard !byTarget.isEmpty else { return }
        for s in service.schemas.indices {
            let prefix = service.schemas[s].namespace + "."
            // The annotations of the element last taken, by member.
            var members: [String: [Annotation]] = [:]
            /// The annotations targeting an element of this schema; its members' become `member(_:)`'s.
            func take(_ name: String) -> [Annotation] {
                members = byTarget.removeValue(forKey: prefix + name) ?? [:]
                return members.removeValue(forKey: "") ?? []
            }
            func member(_ name: String) -> [Annotation] {
                members.isEmpty ? [] : members.removeValue(forKey: name) ?? []
            }
            apply(take, member, to: &service.schemas[s].entityTypes)
            apply(take, member, to: &service.schemas[s].complexTypes)
            for t in service.schemas[s].enumTypes.indices {
                let name = service.schemas[s].enumTypes[t].name
                add(take(name), to: &service.schemas[s].enumTypes[t].annotations)
                for m in service.schemas[s].enumTypes[t].members.indices {
                    add(
                        member(service.schemas[s].enumTypes[t].members[m].name),
                        to: &service.schemas[s].enumTypes[t].members[m].annotations
                    )
                }
            }
            for t in service.schemas[s].typeDefinitions.indices {
                add(
                    take(service.schemas[s].typeDefinitions[t].name),
                    to: &service.schemas[s].typeDefinitions[t].annotations
                )
            }
            for c in service.schemas[s].entityContainers.indices {
                let name = service.schemas[s].entityContainers[c].name
                add(take(name), to: &service.schemas[s].entityContainers[c].annotations)
                for e in service.schemas[s].entityContainers[c].entitySets.indices {
                    add(
                        member(service.schemas[s].entityContainers[c].entitySets[e].name),
                        to: &service.schemas[s].entityContainers[c].entitySets[e].annotations
                    )
                }
                for e in service.schemas[s].entityContainers[c].singletons.indices {
                    add(
                        member(service.schemas[s].entityContainers[c].singletons[e].name),
                        to: &service.schemas[s].entityContainers[c].singletons[e].annotations
                    )
                }
            }
        }
    }

    private func apply<T: StructuredType>(
        _ take: (String) -> [Annotation],
        _ member: (String) -> [Annotation],
        to types: inout [T]
    ) {
        for t in types.indices {
            add(take(types[t].name), to: &types[t].annotations)
            for p in types[t].properties.indices {
                add(member(types[t].properties[p].name), to: &types[t].properties[p].annotations)
            }
            for n in types[t].navigationProperties.indices {
                add(member(types[t].navigationProperties[n].name), to: &types[t].navigationProperties[n].annotations)
            }
        }
    }

    private func add(_ annotations: [Annotation], to target: inout [Annotation]) {
        if !annotations.isEmpty { target += annotations }
    }
}
