import MetadataModel

/// Breaks cyclic base types — a type whose `BaseType` names itself, or a longer loop — so that
/// nothing downstream walks a hierarchy forever. Real services publish such metadata.
///
/// In each cycle the link of the member declared last in document order is dropped, with a
/// warning naming it; in strict mode the cycle is an error instead (the link is dropped all the
/// same). Types are visited in document order, so the outcome never depends on hashing.
struct BaseTypeCycleBreaker {
    var strict = false

    /// A structured type: where it is in the service, and what it says.
    private struct Node {
        var schema: Int
        var index: Int
        var isEntity: Bool
        var name: QualifiedName
        var base: QualifiedName?
        var location: SourceLocation

        /// Document order: the schema's position, then the position within its document.
        func isDeclared(after other: Node) -> Bool {
            (schema, location.line, location.column) > (other.schema, other.location.line, other.location.column)
        }
    }

    func apply(to service: inout Service, diagnostics: inout [Diagnostic]) {
        let nodes = Self.nodes(of: service)
        var byName: [QualifiedName: Int] = [:]
        for (position, node) in nodes.enumerated() where byName[node.name] == nil { byName[node.name] = position }
        // 0: not visited, 1: on the current walk, 2: done. Each type has at most one base, so
        // each walk meets at most one cycle, and cycles never share a type.
        var state = [UInt8](repeating: 0, count: nodes.count)
        for start in nodes.indices where state[start] == 0 {
            var walk: [Int] = []
            var current: Int? = start
            while let position = current, state[position] == 0 {
                state[position] = 1
                walk.append(position)
                current = nodes[position].base.flatMap { byName[$0] }
            }
            if let position = current, state[position] == 1, let entry = walk.firstIndex(of: position) {
                let cycle = Array(walk[entry...])
                breakCycle(cycle.map { nodes[$0] }, in: &service, diagnostics: &diagnostics)
            }
            for position in walk { state[position] = 2 }
        }
    }

    /// Drops the base type of the cycle's last-declared member and reports it.
    private func breakCycle(_ cycle: [Node], in service: inout Service, diagnostics: inout [Diagnostic]) {
        guard var last = cycle.indices.first else { return }
        for position in cycle.indices where cycle[position].isDeclared(after: cycle[last]) { last = position }
        let dropped = cycle[last]
        if dropped.isEntity {
            service.schemas[dropped.schema].entityTypes[dropped.index].baseType = nil
        } else {
            service.schemas[dropped.schema].complexTypes[dropped.index].baseType = nil
        }
        // From the dropped member's base round to it and back, so that the last arrow is the link dropped.
        let order = (cycle[(last + 1)...] + cycle[...last]).map(\.name)
        let path = (order + order.prefix(1)).map(\.description).joined(separator: " → ")
        let kind = dropped.isEntity ? "entity type" : "complex type"
        let diagnostic: Diagnostic =
            if strict { .error("cyclic base types: \(path)", at: dropped.location) } else if cycle.count == 1 {
                .warning(
                    "\(kind) \(dropped.name) names itself as its BaseType; the base type is ignored",
                    at: dropped.location
                )
            } else {
                .warning("cyclic base types \(path); the BaseType of \(dropped.name) is ignored", at: dropped.location)
            }
        diagnostics.append(diagnostic)
    }

    /// Every entity and complex type, schema by schema.
    private static func nodes(of service: Service) -> [Node] {
        var nodes: [Node] = []
        for (position, schema) in service.schemas.enumerated() {
            func node(_ type: some StructuredType, at index: Int, isEntity: Bool) -> Node {
                Node(
                    schema: position,
                    index: index,
                    isEntity: isEntity,
                    name: QualifiedName(namespace: schema.namespace, name: type.name),
                    base: type.baseType,
                    location: type.location
                )
            }
            nodes += schema.entityTypes.enumerated().map { node($1, at: $0, isEntity: true) }
            nodes += schema.complexTypes.enumerated().map { node($1, at: $0, isEntity: false) }
        }
        return nodes
    }
}
