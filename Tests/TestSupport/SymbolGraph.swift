import Foundation

/// A module's symbols and their relationships, as `swift symbolgraph-extract` writes them.
public struct SymbolGraph: Sendable {
    /// One symbol of the graph.
    public struct Symbol: Sendable {
        /// The symbol's path: `["Entity", "getValue(_:as:)"]`.
        public var path: [String]
        /// `swift.class`, `swift.property`, …
        public var kind: String
        /// Whether the symbol belongs to an SPI group (`@_spi(Generated)`): only in graphs extracted with SPI symbols.
        public var isSPI: Bool
    }

    /// One relationship of the graph.
    public struct Relationship: Sendable {
        /// `memberOf`, `requirementOf`, `conformsTo`, `inheritsFrom`, …
        public var kind: String
        /// The precise identifier of the symbol the relationship goes from (the member, the conforming type).
        public var source: String
        /// The precise identifier of the symbol it goes to (the type, the protocol).
        public var target: String
        /// The target's qualified name when it lives in another module: `Swift.Hashable`.
        public var targetFallback: String?
    }

    /// Symbols by their precise identifier.
    public var symbols: [String: Symbol]
    /// Every relationship between them, or from them to other modules' symbols.
    public var relationships: [Relationship]

    /// The public symbol graph of `module` (found in `modules`, else among the toolchain's), with the symbols of its SPI
    /// groups when `includingSPI`; `arguments` go to the extractor (a module map it needs, say). Nil when it cannot be
    /// extracted. Symbols the module adds to other modules' types (its `Module@Other.symbols.json` files) are left out.
    public static func extract(
        module: String,
        modules: URL?,
        includingSPI: Bool = false,
        arguments extra: [String] = []
    ) -> SymbolGraph? {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("symbols-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        guard (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil else {
            return nil
        }
        var arguments = [
            "swift", "symbolgraph-extract", "-module-name", module, "-target", hostTriple, "-minimum-access-level",
            "public", "-output-dir", folder.path,
        ]
        if includingSPI { arguments.append("-include-spi-symbols") }
        arguments += (modules.map { ["-I", $0.path] } ?? []) + extra
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
            byIdentifier[identifier] = Symbol(path: path, kind: kind, isSPI: symbol["spi"] as? Bool ?? false)
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
    public func identifier(ofType name: String) -> String? {
        symbols.first { _, symbol in
            symbol.path == [name] && !symbol.kind.hasPrefix("swift.func") && symbol.kind != "swift.var"
        }?
        .key
    }
}
