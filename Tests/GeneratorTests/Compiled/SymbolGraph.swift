import Foundation
import TestSupport

/// A module's public symbols and their relationships, as `swift symbolgraph-extract` writes them.
struct SymbolGraph {
    struct Symbol {
        /// The symbol's path: `["Entity", "getValue(_:as:)"]`.
        var path: [String]
        /// `swift.class`, `swift.property`, …
        var kind: String
    }

    struct Relationship {
        /// `memberOf`, `requirementOf`, `conformsTo`, `inheritsFrom`, …
        var kind: String
        var source: String
        var target: String
        /// The target's qualified name when it lives in another module: `Swift.Hashable`.
        var targetFallback: String?
    }

    /// Symbols by their precise identifier.
    var symbols: [String: Symbol]
    var relationships: [Relationship]

    /// The symbol graph of `module` (found in `modules`, else among the toolchain's); nil when it cannot be extracted.
    static func extract(module: String, modules: URL?) -> SymbolGraph? {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("symbols-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        guard (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil else {
            return nil
        }
        let arguments =
            [
                "swift", "symbolgraph-extract", "-module-name", module, "-target", hostTriple, "-minimum-access-level",
                "public", "-output-dir", folder.path,
            ] + (modules.map { ["-I", $0.path] } ?? [])
        guard (try? SystemCommand.run(arguments))?.status == 0,
            let data = FileManager.default.contents(
                atPath: folder.appendingPathComponent("\(module).symbols.json").path
            ), let graph = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let symbols = graph["symbols"] as? [[String: Any]],
            let relationships = graph["relationships"] as? [[String: Any]]
        else { return nil }
        var byIdentifier: [String: Symbol] = [:]
        for symbol in symbols {
            guard let identifier = (symbol["identifier"] as? [String: Any])?["precise"] as? String,
                let path = symbol["pathComponents"] as? [String],
                let kind = (symbol["kind"] as? [String: Any])?["identifier"] as? String
            else { continue }
            byIdentifier[identifier] = Symbol(path: path, kind: kind)
        }
        return SymbolGraph(
            symbols: byIdentifier,
            relationships: relationships.compactMap { relationship in
                guard let kind = relationship["kind"] as? String, let source = relationship["source"] as? String,
                    let target = relationship["target"] as? String
                else { return nil }
                return Relationship(
                    kind: kind,
                    source: source,
                    target: target,
                    targetFallback: relationship["targetFallback"] as? String
                )
            }
        )
    }

    private static var hostTriple: String {
        #if arch(arm64)
        "aarch64-unknown-linux-gnu"
        #else
        "x86_64-unknown-linux-gnu"
        #endif
    }

    /// The precise identifier of the top-level type named `name`.
    func identifier(ofType name: String) -> String? {
        symbols.first { _, symbol in
            symbol.path == [name] && !symbol.kind.hasPrefix("swift.func") && symbol.kind != "swift.var"
        }?
        .key
    }
}

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
