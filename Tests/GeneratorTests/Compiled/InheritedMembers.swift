import Foundation
import TestSupport

/// The member names a runtime type hands on to the types that subclass it or conform to it: its own public members,
/// those synthesized from protocol extensions, and every requirement and extension member of every protocol it
/// conforms to, followed through protocol refinements into the standard library and other modules.
struct InheritedMembers {
    private var graphs: [String: SymbolGraph]
    private let modules: URL?

    /// Starts from the runtime's graph; other modules' graphs are extracted when a conformance leads into them.
    init(runtime: SymbolGraph, module: String, modules: URL?) {
        graphs = [module: runtime]
        self.modules = modules
    }

    /// The base names (`hash(into:)` → `hash`) of the members `type` of `module` hands on; initializers, subscripts,
    /// deinitializers and operators are left out. Nil when a graph a conformance leads into cannot be extracted.
    mutating func names(of type: String, in module: String) -> Set<String>? {
        guard let identifier = graphs[module]?.identifier(ofType: type) else { return nil }
        var names: Set<String> = []
        var visited: Set<String> = []
        guard collect(identifier, module: module, into: &names, visited: &visited) else { return nil }
        return names.filter { name in
            !["init", "subscript", "deinit"].contains(name) && (name.first?.isLetter == true || name.first == "_")
        }
    }

    private mutating func collect(
        _ identifier: String,
        module: String,
        into names: inout Set<String>,
        visited: inout Set<String>
    ) -> Bool {
        guard visited.insert(identifier).inserted else { return true }
        if graphs[module] == nil { graphs[module] = SymbolGraph.extract(module: module, modules: modules) }
        guard let graph = graphs[module] else { return false }
        let memberKinds: Set<String> = ["memberOf", "requirementOf", "optionalRequirementOf"]
        for relationship in graph.relationships where relationship.target == identifier {
            guard memberKinds.contains(relationship.kind), let member = graph.symbols[relationship.source]?.path.last
            else { continue }
            names.insert(String(member.prefix { $0 != "(" }))
        }
        for relationship in graph.relationships where relationship.source == identifier {
            guard relationship.kind == "conformsTo" || relationship.kind == "inheritsFrom" else { continue }
            // A target in another module names it in its fallback (`Swift.Hashable`); one without is in this module.
            let fallbackModule = relationship.targetFallback?.split(separator: ".").first.map(String.init)
            let targetModule = graph.symbols[relationship.target] != nil ? module : fallbackModule ?? module
            guard collect(relationship.target, module: targetModule, into: &names, visited: &visited) else {
                return false
            }
        }
        return true
    }
}
