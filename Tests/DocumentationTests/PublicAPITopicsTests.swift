import Foundation
import TestSupport
import Testing

/// Each library product's public symbols against its DocC landing page: nothing public goes undocumented by being left
/// out of the topics, and no topic names a symbol that is not public.
///
/// The rule, per product with a catalog (`Sources/<Product>/<Product>.docc`):
/// - **Public top-level symbols** are the symbols of the module's own symbol graph (`swift symbolgraph-extract`,
///   minimum access `public`) whose path has one component: types, protocols, type aliases, free functions and
///   global variables. Declarations in an SPI group (`@_spi(Generated)`) are not public API and are not extracted;
///   `package` declarations are not public. Members the module adds to other modules' types (its
///   `Product@Other.symbols.json` graphs) are left out: DocC shows them under the extended module, not the landing
///   page. Members of the module's own types are left to their type's page.
/// - **Listed** are the symbol links (` ``Name`` `) under `## Topics` of the landing page, and of every article
///   or extension file reached from those topics through `<doc:…>` links, followed on.
/// - Every public top-level symbol is listed, and every symbol link under `## Topics` of any file of the catalog
///   resolves to a public symbol of the module (its path, the module's name and DocC's disambiguation suffixes such as
///   `-swift.class` dropped; in an extension file, relative to the symbol it extends), or of another product the link
///   names (`MobileSdkOffline/OfflineStore`).
struct PublicAPITopicsTests {
    static let products = [
        "MobileSdk", "MobileSdkClient", "MobileSdkOffline", "MobileSdkOrganizationService", "MobileSdkTesting",
    ]

    /// The paths of each product's public symbols, SPI left out; nil for a graph that cannot be extracted.
    static let publicPaths: [String: Set<[String]>] = {
        var paths: [String: Set<[String]>] = [:]
        for product in products {
            guard let modules = BuiltProducts.modules(holding: product),
                let graph = SymbolGraph.extract(
                    module: product,
                    modules: modules,
                    arguments: RuntimeModules.sqliteModuleArguments
                )
            else { continue }
            paths[product] = Set(graph.symbols.values.filter { !$0.isSPI }.map(\.path))
        }
        return paths
    }()

    @Test(arguments: products) func everyPublicSymbolIsListedAndEveryListedSymbolIsPublic(_ product: String) throws {
        let paths = try #require(Self.publicPaths[product], "the symbol graph of the built \(product) module")
        let topLevel = Set(paths.filter { $0.count == 1 }.map { $0[0] })
        let catalog = try Catalog(product: product)

        let listed = Set(catalog.listedSymbols().compactMap { $0.count == 1 ? $0[0] : nil })
        let unlisted = topLevel.subtracting(listed).sorted()
        #expect(
            unlisted.isEmpty,
            "\(product): public symbols in no topic of \(product).md or an article it links: \(unlisted)"
        )

        // A link resolves in the module, relative to the symbol an extension file extends, or (`Other/Type`) in
        // another product.
        let unresolved = catalog.allTopicLinks()
            .filter { link in
                let relative = catalog.extensions[link.file].map { $0 + link.path }
                let other = link.path.first.flatMap { Self.publicPaths[$0] }
                    .map { $0.contains(Array(link.path.dropFirst())) }
                return !paths.contains(link.path) && !(relative.map(paths.contains) ?? false) && other != true
            }
            .map { "\($0.file): ``\($0.link)``" }
        #expect(unresolved.isEmpty, "\(product): topics naming no public symbol: \(unresolved)")
    }
}

/// The Markdown files of a product's DocC catalog and the links under their `## Topics`.
private struct Catalog {
    /// A link under `## Topics`: ` ``Name/member`` ` or `<doc:Article>`.
    struct Link {
        var file: String
        var link: String
        var isSymbol: Bool
        /// A symbol link's path without the module's name and DocC's disambiguation suffixes.
        var path: [String]
    }

    let product: String
    /// Each file's name without `.md`, and its topics' links.
    let topics: [String: [Link]]
    /// The symbol each extension file (`# ``Product/Type```) extends, by file name.
    let extensions: [String: [String]]

    init(product: String) throws {
        self.product = product
        let folder = TestServers.repositoryRoot.appendingPathComponent("Sources/\(product)/\(product).docc")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".md") }
        var topics: [String: [Link]] = [:]
        var extensions: [String: [String]] = [:]
        for name in names {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            let file = String(name.dropLast(3))
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if let title = lines.first, title.hasPrefix("# ``"), title.hasSuffix("``") {
                let symbol = Self.path(String(title.dropFirst(4).dropLast(2)), product: product)
                if !symbol.isEmpty { extensions[file] = symbol }
            }
            topics[file] = Self.topicLinks(lines, file: file, product: product)
        }
        self.topics = topics
        self.extensions = extensions
    }

    /// The links in the lines after `## Topics`, up to the next second-level heading.
    private static func topicLinks(_ lines: [String], file: String, product: String) -> [Link] {
        var inTopics = false
        var links: [Link] = []
        for line in lines {
            if line.hasPrefix("## ") { inTopics = line == "## Topics" }
            guard inTopics, line.hasPrefix("- ") else { continue }
            let item = line.dropFirst(2).trimmingCharacters(in: .whitespaces)
            if item.hasPrefix("``"), item.hasSuffix("``") {
                let link = String(item.dropFirst(2).dropLast(2))
                links.append(Link(file: file, link: link, isSymbol: true, path: path(link, product: product)))
            } else if item.hasPrefix("<doc:"), item.hasSuffix(">") {
                let link = String(item.dropFirst(5).dropLast())
                links.append(Link(file: file, link: link, isSymbol: false, path: []))
            }
        }
        return links
    }

    /// `Product/Type/member(_:)-swift.method` → `["Type", "member(_:)"]`.
    private static func path(_ link: String, product: String) -> [String] {
        var components = link.split(separator: "/").map(String.init)
        if components.first == product { components.removeFirst() }
        return components.map { component in
            // DocC's disambiguation: `-swift.class`, `-swift.type.method`, or a hash such as `-7x2mb`.
            guard let dash = component.lastIndex(of: "-"), !component[..<dash].isEmpty else { return component }
            let suffix = component[component.index(after: dash)...]
            let isHash = suffix.count <= 6 && suffix.allSatisfy { $0.isLetter || $0.isNumber }
            let isKind = suffix.hasPrefix("swift.")
            // An operator such as `-(_:_:)` has no name before the dash; a name with a dash in its arguments keeps it.
            return (isKind || isHash) && !component[..<dash].hasSuffix("(") ? String(component[..<dash]) : component
        }
    }

    /// Every link under `## Topics` of any file.
    func allTopicLinks() -> [Link] { topics.values.flatMap { $0 }.filter(\.isSymbol) }

    /// The paths of the symbols listed under `## Topics` of the landing page and of the files reached from it: the
    /// articles its topics link, and the extension files of the symbols they list, followed on.
    func listedSymbols() -> [[String]] {
        var pending = [product]
        var visited: Set<String> = []
        var listed: [[String]] = []
        while let file = pending.popLast() {
            guard visited.insert(file).inserted, let links = topics[file] else { continue }
            for link in links {
                if link.isSymbol {
                    listed.append(link.path)
                    pending += extensions.filter { $0.value == link.path }.map(\.key)
                } else {
                    pending.append(link.link)
                }
            }
        }
        return listed
    }
}
