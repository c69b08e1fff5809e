import Foundation
import TestSupport

/// A ```swift block of the README or a DocC article, with what the comment before it says to do with it:
///
///     <!-- snippet: KIND [MODULE…]
///     hidden lines the block needs (setup), compiled before it
///     -->
///
/// KIND is `declarations` (a file's top level), `statements` (the body of an async throwing function), `live-v4` or
/// `live-dataverse` (the same, then built and run against the TripPin or the Dataverse-shaped test server, whose root
/// is `serviceRoot`), `excerpt` (lines of the generated code of the MODULE named, found in its golden files),
/// `manifest`, `manifest-dependencies` or `manifest-targets` (a package manifest or elements of one, which SwiftPM
/// reads), or `not-compiled` followed by the reason.
struct DocumentationSnippet {
    enum Kind: Equatable {
        case declarations, statements, excerpt
        /// Compiled as `statements`, then built and run against the test server of this variable.
        case live(TestServers.Variable)
        /// A package manifest, or the `dependencies:` or `targets:` elements of one, which SwiftPM must read.
        case manifest(ManifestPart)
        case notCompiled(reason: String)
    }

    /// What part of a package manifest a block is.
    enum ManifestPart: Equatable { case whole, dependencies, targets }

    /// The document, relative to the repository's root, and the block's first line in it.
    var document: String
    var line: Int
    var kind: Kind
    /// The modules named after the kind: imported (declarations, statements) or searched (excerpt).
    var modules: [String]
    var setup: [String]
    var code: [String]

    /// Where the block is, as a compiler would say it.
    var location: String { "\(document):\(line)" }

    /// A Swift identifier unique to the block: its document's path, letters and digits alone, and its line.
    var identifier: String {
        let path = document.replacingOccurrences(of: ".md", with: "").replacingOccurrences(of: ".docc", with: "")
        return "snippet_"
            + path.split(separator: "/").suffix(2).map { $0.filter { $0.isLetter || $0.isNumber } }
            .joined(separator: "_") + "_\(line)"
    }

    /// The snippets of `text`, or the places of blocks without a comment saying what to do with them.
    static func read(_ text: String, document: String) -> (snippets: [DocumentationSnippet], unannotated: [String]) {
        let lines = text.components(separatedBy: "\n")
        var snippets: [DocumentationSnippet] = []
        var unannotated: [String] = []
        var index = 0
        while index < lines.count {
            let opening = lines[index].trimmingCharacters(in: .whitespaces)
            guard opening == "```swift" else {
                index += 1
                continue
            }
            let indentation = lines[index].prefix { $0 == " " }.count
            var end = index + 1
            while end < lines.count, lines[end].trimmingCharacters(in: .whitespaces) != "```" { end += 1 }
            let code = lines[(index + 1)..<min(end, lines.count)]
                .map { String($0.dropFirst(min(indentation, $0.prefix { $0 == " " }.count))) }
            if let annotation = annotation(before: index, in: lines) {
                snippets.append(
                    DocumentationSnippet(
                        document: document,
                        line: index + 2,
                        kind: annotation.kind,
                        modules: annotation.modules,
                        setup: annotation.setup,
                        code: code
                    )
                )
            } else {
                unannotated.append("\(document):\(index + 1)")
            }
            index = end + 1
        }
        return (snippets, unannotated)
    }

    /// The `<!-- snippet: … -->` comment ending on the line before `block`.
    private static func annotation(before block: Int, in lines: [String]) -> (
        kind: Kind, modules: [String], setup: [String]
    )? {
        guard block > 0, lines[block - 1].trimmingCharacters(in: .whitespaces).hasSuffix("-->") else { return nil }
        var start = block - 1
        while start >= 0, !lines[start].contains("<!-- snippet:") { start -= 1 }
        guard start >= 0 else { return nil }
        let words = lines[start].components(separatedBy: "<!-- snippet:")[1].replacingOccurrences(of: "-->", with: "")
            .split(separator: " ").map(String.init)
        guard let first = words.first else { return nil }
        let setup =
            start + 1 < block - 1
            ? lines[(start + 1)..<(block - 1)].map { $0.trimmingCharacters(in: .init(charactersIn: " ")) } : []
        let rest = Array(words.dropFirst())
        switch first {
        case "declarations": return (.declarations, rest, setup)
        case "statements": return (.statements, rest, setup)
        case "live-v4": return (.live(.odataV4), rest, setup)
        case "live-dataverse": return (.live(.dataverse), rest, setup)
        case "manifest": return (.manifest(.whole), rest, setup)
        case "manifest-dependencies": return (.manifest(.dependencies), rest, setup)
        case "manifest-targets": return (.manifest(.targets), rest, setup)
        case "excerpt": return (.excerpt, rest, setup)
        case "not-compiled": return (.notCompiled(reason: rest.joined(separator: " ")), [], setup)
        default: return nil
        }
    }

    /// The imports: Foundation, the modules named, and the block's own `import` lines.
    private var imports: [String] { (["Foundation"] + modules).map { "import \($0)" } + code.filter(Self.isImport) }

    /// The setup and the block without its `import` lines, each indented by `indentation`.
    private func body(_ indentation: String) -> [String] {
        (setup + code.filter { !Self.isImport($0) }).map { $0.isEmpty ? $0 : indentation + $0 }
    }

    private static func isImport(_ line: String) -> Bool {
        line.hasPrefix("import ") || line.hasPrefix("@_exported import ")
    }

    /// The block as a Swift file: its imports, then its code at the top level or in a function.
    var swiftFile: String {
        switch kind {
        case .declarations: return (imports + body("")).joined(separator: "\n") + "\n"
        case .live:
            return (imports + ["", "func \(identifier)(serviceRoot: URL) async throws {"] + body("    ") + ["}"])
                .joined(separator: "\n") + "\n"
        default:
            return (imports + ["", "func \(identifier)() async throws {"] + body("    ") + ["}"])
                .joined(separator: "\n") + "\n"
        }
    }

    /// The block as a whole `Package.swift`: as it is, or inside one that depends on this package.
    var manifest: String {
        let dependency = #".package(url: "https://github.com/OWNER/mobilesdkgen-swift.git", from: "0.1.0"),"#
        let head = [
            "// swift-tools-version: 6.2", "import PackageDescription", "", "let package = Package(",
            "    name: \"Snippet\",",
        ]
        switch kind {
        case .manifest(.dependencies):
            return (head + ["    dependencies: ["] + code + ["    ],", "    targets: []", ")"]).joined(separator: "\n")
                + "\n"
        case .manifest(.targets):
            return (head + ["    dependencies: [\(dependency)],", "    targets: ["] + code + ["    ]", ")"])
                .joined(separator: "\n") + "\n"
        default: return code.joined(separator: "\n") + "\n"
        }
    }

    /// The block as a program's main file, run against the server whose root `MOBILESDK_SNIPPET_SERVICE_ROOT` holds.
    var program: String {
        let lines = body("        ")
        return
            (imports + [
                "", "@main", "enum Snippet {", "    static func main() async throws {",
                "        guard let text = ProcessInfo.processInfo.environment[\"MOBILESDK_SNIPPET_SERVICE_ROOT\"],",
                "            let serviceRoot = URL(string: text)",
                "        else { fatalError(\"no MOBILESDK_SNIPPET_SERVICE_ROOT\") }", "        _ = serviceRoot",
            ] + lines + ["    }", "}"])
            .joined(separator: "\n") + "\n"
    }
}
